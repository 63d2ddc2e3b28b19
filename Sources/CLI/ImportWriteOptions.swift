import ArgumentParser

/// `--force` and `--merge`: what every import of a whole profile does when the profile already exists.
struct ImportWriteOptions: ParsableArguments {
    @Flag(help: "Replace an existing profile of that id.") var force = false
    @Flag(help: "Merge into an existing profile of that id: new endpoints, environments and variables are added.")
    var merge = false
}
