/// Facts about this build of apix.
public enum Apix {
    public static let version = "0.1.0"
}
