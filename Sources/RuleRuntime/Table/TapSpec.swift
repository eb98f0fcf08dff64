import Foundation

/// A tap target: the handler name and its argument templates.
@_spi(Generated) public struct TapSpec: Codable, Sendable, Hashable {
    @_spi(Generated) public struct Argument: Codable, Sendable, Hashable {
        public var label: String?
        public var value: MatchTemplate
        public init(label: String?, value: MatchTemplate) {
            self.label = label
            self.value = value
        }
    }
    public var handler: String
    public var arguments: [Argument]
    public init(handler: String, arguments: [Argument] = []) {
        self.handler = handler
        self.arguments = arguments
    }
}
