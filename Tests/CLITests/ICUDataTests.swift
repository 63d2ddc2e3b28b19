import Foundation
import TestSupport
import Testing

/// `make release` links ICU's data English-only (`scripts/icu-data.sh`, `scripts/icu-filter.py`): the object it
/// makes from the toolchain's own archive, read back here as ICU reads it (the "CmnD" package's table of contents).
@Suite("English-only ICU data")
struct ICUDataTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The item names of an ICU common data package, in table-of-contents order.
    static func itemNames(_ data: [UInt8]) throws -> [String] {
        func u16(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        let header = u16(0)
        try #require(data[2] == 0xDA && data[3] == 0x27, "ICU's data header magic")
        try #require(String(decoding: data[12..<16], as: UTF8.self) == "CmnD")
        let count = u32(header)
        return (0..<count).map { index in
            let start = header + u32(header + 4 + 8 * index)
            let end = data[start...].firstIndex(of: 0) ?? data.endIndex
            return String(decoding: data[start..<end], as: UTF8.self)
        }
    }

    static func run(_ arguments: [String]) async throws {
        let result = try await ChildProcess.run(
            arguments, environment: ProcessInfo.processInfo.environment, terminal: false, timeout: 120)
        try #require(result.status == 0, "\(arguments.joined(separator: " ")): \(result.stderrText)")
    }

    @Test("keeps root, English, time zones, converters and supplemental tables; drops other locales and dictionaries")
    func englishOnly() async throws {
        let folder = try TemporaryDirectory()
        let object = folder.path + "/icudata-en.o"
        let bash = "/bin/bash"
        try await Self.run([bash, Self.root + "/scripts/icu-data.sh", object])
        let dat = folder.path + "/en.dat"
        try await Self.run([
            bash, "-c", "objcopy -O binary --only-section=.rodata.icudata \"$0\" \"$1\"", object, dat,
        ])
        // The link's flag names the symbol the data stands in for (`--wrap`), the one ICU's code refers to.
        let flag = try String(contentsOfFile: folder.path + "/icudata-en.flag", encoding: .utf8)
        #expect(flag.wholeMatch(of: /--wrap=icudt\d+_dat\n/) != nil, "\(flag)")
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dat)))
        let names = try Self.itemNames(data)
        let prefix = try #require(names.first?.split(separator: "/").first.map(String.init))
        #expect(prefix.hasPrefix("icudt"))
        let leaves = Set(names.map { String($0.dropFirst(prefix.count + 1)) })
        for kept in [
            "root.res", "en.res", "en_US_POSIX.res", "res_index.res", "zoneinfo64.res", "metaZones.res",
            "supplementalData.res", "likelySubtags.res", "coll/root.res", "zone/en.res", "curr/en.res",
            "brkitr/word.brk", "cnvalias.icu", "ibm-943_P15A-2003.cnv",
        ] {
            #expect(leaves.contains(kept), "\(kept) is kept")
        }
        for dropped in ["fr.res", "de_DE.res", "zh_Hant.res", "coll/ja.res", "zone/fr.res", "brkitr/cjdict.dict"] {
            #expect(!leaves.contains(dropped), "\(dropped) is dropped")
        }
        // ICU finds an item by binary search over the names: their order must survive the filter.
        #expect(names == names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(data.count > 5_000_000 && data.count < 15_000_000, "\(data.count) bytes")
    }
}
