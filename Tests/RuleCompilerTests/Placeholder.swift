import XCTest
final class PlaceholderRuleCompilerTests: XCTestCase { func testNothing() {} }
