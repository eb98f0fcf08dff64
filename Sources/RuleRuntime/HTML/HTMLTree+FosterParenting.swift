/// Content a browser moves out of a table: text (not white space) and elements other than
/// table parts that sit in a table, a row group or a row outside every cell are shown
/// before the table ("foster parenting" of the HTML parser). The tree keeps them where the
/// source has them (so node ranges follow the source); the rendered text shows them
/// before their table.
package struct HTMLFosterParenting: Sendable {
    /// By table node: its foster-parented nodes, in tree order.
    package var roots: [Int: [Int]] = [:]
    /// Per node: inside foster-parented content (a root or a descendant of one).
    package var moved: [Bool]
    /// Per node: a table, row group or row that holds foster-parented content (its range
    /// holds text that is not shown inside it).
    package var holders: [Bool]
    /// Per node: the table it is moved before (a root), -1 for other nodes.
    package var rootOf: [Int]

    package var isEmpty: Bool { roots.isEmpty }
}

extension HTMLTree {
    /// Table parts a table, row group or row holds in place (everything else is moved).
    static let tableContent: Set<String> = [
        "tbody", "thead", "tfoot", "tr", "td", "th", "caption", "colgroup", "col", "script", "style", "template", "input", "form",
    ]

    /// What a browser moves before each table (see `HTMLFosterParenting`). Linear in the tree.
    package func fosterParenting() -> HTMLFosterParenting {
        var result = HTMLFosterParenting(
            moved: [Bool](repeating: false, count: nodes.count), holders: [Bool](repeating: false, count: nodes.count),
            rootOf: [Int](repeating: -1, count: nodes.count))
        for (index, node) in nodes.enumerated() where node.kind == .element && node.name == "table" {
            var found: [Int] = []
            func visit(_ part: Int) {
                var holds = false
                for child in nodes[part].children {
                    let c = nodes[child]
                    switch c.kind {
                    case .text:
                        let blank = c.pieces.allSatisfy { piece in
                            (piece.location..<piece.upperBound).allSatisfy { [9, 10, 12, 13, 32].contains(units[$0]) }
                        }
                        if !blank {
                            found.append(child)
                            holds = true
                        }
                    case .element:
                        if ["tbody", "thead", "tfoot", "tr"].contains(c.name) {
                            visit(child)
                            if result.holders[child] { holds = true }
                        } else if !Self.tableContent.contains(c.name) {
                            found.append(child)
                            holds = true
                        }
                    case .comment, .root:
                        break
                    }
                }
                if holds { result.holders[part] = true }
            }
            visit(index)
            guard !found.isEmpty else { continue }
            result.roots[index] = found
            for root in found {
                result.rootOf[root] = index
                var pending = [root]
                while let next = pending.popLast() {
                    result.moved[next] = true
                    pending.append(contentsOf: nodes[next].children)
                }
            }
        }
        return result
    }
}
