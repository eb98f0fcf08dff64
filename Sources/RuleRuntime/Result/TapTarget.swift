/// A tap target with its arguments resolved from the match.
public struct TapTarget: Sendable, Hashable {
    public struct Argument: Sendable, Hashable {
        public var label: String?
        public var value: String
        public init(label: String?, value: String) {
            self.label = label
            self.value = value
        }
    }
    public var handler: String
    public var arguments: [Argument]
    public init(handler: String, arguments: [Argument]) {
        self.handler = handler
        self.arguments = arguments
    }
}
