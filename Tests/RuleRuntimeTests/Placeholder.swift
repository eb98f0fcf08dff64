import XCTest
final class PlaceholderRuleRuntimeTests: XCTestCase { func testNothing() {} }
