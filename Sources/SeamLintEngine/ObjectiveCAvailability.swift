/// Whether Objective-C sources can be linted in this process with default options
/// (`SEAMLINT_LIBCLANG`, then the usual places): gates the Objective-C example tests.
public enum ObjectiveCAvailability {
    public static var isAvailable: Bool { ObjectiveCSupport(options: ObjectiveCOptions()).library() != nil }

    /// The library default options load, or why none can be, for messages.
    public static var status: LibclangStatus {
        let support = ObjectiveCSupport(options: ObjectiveCOptions())
        _ = support.library()
        return support.status ?? .unavailable(reason: "not looked for")
    }
}
