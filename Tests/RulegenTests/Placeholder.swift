import XCTest
final class PlaceholderRulegenTests: XCTestCase { func testNothing() {} }
