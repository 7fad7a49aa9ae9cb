/// Whether Objective-C sources can be linted in this process (libclang found and loaded).
public enum ObjectiveCAvailability {
    public static var isAvailable: Bool { false }
}
