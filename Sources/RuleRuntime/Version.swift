/// Versions shared by `rulegen` and the runtime.
public enum RichRulesVersion {
    /// The release of the tool and runtime.
    public static let string = "0.1.0"
}
