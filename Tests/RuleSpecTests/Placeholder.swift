import XCTest
final class PlaceholderRuleSpecTests: XCTestCase { func testNothing() {} }
