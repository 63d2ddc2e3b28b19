import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// The one writer of replaced files: permissions, directories, links, and nothing left behind.
@Suite("Atomic file writes")
struct AtomicFileTests {
    func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("a user-only file is 0600 when new and narrowed to 0600 when it was wider")
    func userOnlyMode() throws {
        let directory = try TemporaryDirectory()
        let fresh = directory.file("fresh")
        try AtomicFile.write(Data("one".utf8), to: fresh, options: .userOnly)
        #expect(try mode(fresh) == 0o600)
        let wide = try directory.write("wide", "old")
        chmod(wide, 0o644)
        try AtomicFile.write(Data("two".utf8), to: wide, options: .userOnly)
        #expect(try mode(wide) == 0o600)
        #expect(contents(wide) == "two")
    }

    @Test("text gets the given mode when new, and an existing file keeps its own")
    func textModes() throws {
        let directory = try TemporaryDirectory()
        let fresh = directory.file("secrets.yaml")
        try AtomicFile.write("a: 1\n", to: fresh, mode: 0o600)
        #expect(try mode(fresh) == 0o600)
        let existing = try directory.write("p.yaml", "old")
        chmod(existing, 0o640)
        try AtomicFile.write("new", to: existing)
        #expect(try mode(existing) == 0o640)
        #expect(contents(existing) == "new")
    }

    @Test("a directory, or a link to one, is refused and left intact, with nothing written beside it")
    func refusesDirectories() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.file("folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/precious"))
        try FileManager.default.createSymbolicLink(atPath: directory.file("link"), withDestinationPath: folder)
        for target in [folder, directory.file("link")] {
            for options in [AtomicFile.Options.userOnly, .userFile] {
                #expect(throws: AtomicFileError(.isDirectory, path: target)) {
                    try AtomicFile.write(Data("x".utf8), to: target, options: options)
                }
            }
        }
        #expect(contents(folder + "/precious") == "keep")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["folder", "link"])
    }

    @Test("text is written through a symbolic link, which stays a link")
    func followsLinks() throws {
        let directory = try TemporaryDirectory()
        let real = try directory.write("real.yaml", "old")
        let link = directory.file("link.yaml")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        try AtomicFile.write("new", to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)
        #expect(contents(real) == "new")
    }

    @Test("without following, the link itself is replaced and its old target is untouched")
    func replacesLinks() throws {
        let directory = try TemporaryDirectory()
        let real = try directory.write("real", "old")
        let link = directory.file("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        try AtomicFile.write(Data("new".utf8), to: link, options: .userFile)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == nil)
        #expect(contents(link) == "new")
        #expect(contents(real) == "old")
    }

    @Test("a failure midway leaves the old file whole and no temporary file")
    func failureLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        let target = try directory.write("out", "old")
        // Reading a directory fails after the temporary file exists.
        let source = directory.file("not-a-file")
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: false)
        #expect(throws: AtomicFileError.self) {
            try AtomicFile.write(contentsOf: source, to: target, options: .userFile)
        }
        #expect(throws: AtomicFileError.self) {
            try AtomicFile.write(contentsOf: directory.file("missing"), to: target, options: .userFile)
        }
        #expect(contents(target) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["not-a-file", "out"])
    }

    @Test("a body on disk is streamed into place; one in memory is written; no temporary file stays")
    func bodies() throws {
        let directory = try TemporaryDirectory()
        let source = try directory.writePattern("source", size: 300_000)
        let target = directory.file("copy")
        try AtomicFile.write(contentsOf: source, to: target, options: .userFile)
        #expect(FileManager.default.contents(atPath: target) == FileManager.default.contents(atPath: source))
        try AtomicFile.write(body: ResponseBody(data: Data("small".utf8)), to: target)
        #expect(contents(target) == "small")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["copy", "source"])
    }

    @Test("a temporary file a killed writer left over a minute ago is removed by the next write")
    func removesLeftovers() throws {
        let directory = try TemporaryDirectory()
        let leftover = try directory.write(".out.tmp-abcdefgh", "half")
        let old = Date(timeIntervalSinceNow: -120)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: leftover)
        try AtomicFile.write(Data("new".utf8), to: directory.file("out"), options: .userOnly)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out"])
    }

    @Test("a FIFO is written through, not replaced by a file (as /dev/null must not be)")
    func fifoWrittenInPlace() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        // Opened for reading first, without waiting for a writer: the write's own open then does not wait, and
        // if the FIFO were replaced the read below would find nothing instead of hanging.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        try AtomicFile.write(Data("through the pipe".utf8), to: fifo, options: .userFile)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(reader, &buffer, buffer.count)
        #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self) == "through the pipe")
        var info = stat()
        #expect(lstat(fifo, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["pipe"])
    }

    @Test("a FIFO no process reads is refused at once, saying so, not waited for")
    func fifoWithoutReader() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        // Before: the open waited for a reader forever (on libcurl's loop thread, for a download).
        #expect(throws: AtomicFileError(.inPlace("no process is reading the FIFO"), path: fifo)) {
            try AtomicFile.write(Data("nobody".utf8), to: fifo, options: .userFile)
        }
        var info = stat()
        #expect(lstat(fifo, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("devices, pipes and names under /dev or /proc are written in place; other regular files are replaced")
    func inPlaceNames() {
        var regular = stat()
        regular.st_mode = S_IFREG | 0o644
        var device = stat()
        device.st_mode = S_IFCHR | 0o666
        #expect(InPlaceFile.applies(to: "/dev/null", info: device))
        #expect(InPlaceFile.applies(to: "out.bin", info: device))
        // `/dev/stdout` when the shell sent stdout to a file: the link is the system's, the file is written.
        #expect(InPlaceFile.applies(to: "/dev/stdout", info: regular))
        #expect(InPlaceFile.applies(to: "/proc/self/fd/1", info: regular))
        #expect(!InPlaceFile.applies(to: "/home/me/out.json", info: regular))
        #expect(!InPlaceFile.applies(to: "devices/out.json", info: regular))
    }
}
