// The evaluation of a bracketed class: ICU's operator stack, run on expressions.

extension PatternParser {
    package enum ClassOperator {
        case union, difference, intersection, tightDifference, tightIntersection
        /// `--` and `&&` bind loosest, then adjacency, then a single `-`/`&` between sets.
        package var precedence: Int {
            switch self {
            case .difference, .intersection: return 3
            case .union: return 4
            case .tightDifference, .tightIntersection: return 5
            }
        }
    }

    /// One `[` level: its operands and pending operators.
    package struct ClassFrame {
        package var opener: RegexSpan
        package var negated = false
        package var operators: [ClassOperator] = []
        package var operands: [RegexClassExpression] = [.union([])]

        /// Applies pending operators that bind at least as tightly as `precedence`.
        package mutating func evaluate(downTo precedence: Int) {
            while let op = operators.last, op.precedence >= precedence {
                operators.removeLast()
                let rhs = operands.removeLast(), lhs = operands.removeLast()
                switch op {
                case .union: operands.append(.union([lhs, rhs]))
                case .difference, .tightDifference: operands.append(.difference(lhs, rhs))
                case .intersection, .tightIntersection: operands.append(.intersection(lhs, rhs))
                }
            }
        }

        /// Adds an item to the set being accumulated (ICU adds to the top of its stack).
        package mutating func add(_ item: RegexClassItem) {
            let top = operands.removeLast()
            guard case .union(var items) = top else { return operands.append(.union([top, .item(item)])) }
            _ = consume top  // leaves `items` uniquely referenced, so appending does not copy
            items.append(.item(item))
            operands.append(.union(items))
        }

        /// Adds a range; `[a-z]` becomes one range item rather than `a` plus `a-z`.
        package mutating func addRange(
            _ low: (value: UInt32, span: RegexSpan), _ high: UInt32, _ highSpan: RegexSpan,
            dash: RegexSpan
        ) {
            let top = operands.removeLast()
            if case .union(var items) = top,
                case .item(let last)? = items.last, last == RegexClassItem(.scalar(low.value), span: low.span)
            {
                _ = consume top
                items[items.count - 1] = .item(RegexClassItem(.range(low.value, high), span: low.span.extended(to: highSpan)))
                operands.append(.union(items))
            } else {
                operands.append(top)
                add(RegexClassItem(.range(low.value, high), span: dash.extended(to: highSpan)))
            }
        }
    }

    /// Flattens nested unions and unwraps single-operand unions.
    package static func normalized(_ expression: RegexClassExpression) -> RegexClassExpression {
        switch expression {
        case .item: return expression
        case .union(let operands):
            var flat: [RegexClassExpression] = []
            for operand in operands {
                let inner = normalized(operand)
                if case .union(let items) = inner { flat += items } else { flat.append(inner) }
            }
            return flat.count == 1 ? flat[0] : .union(flat)
        case .intersection(let lhs, let rhs): return .intersection(normalized(lhs), normalized(rhs))
        case .difference(let lhs, let rhs): return .difference(normalized(lhs), normalized(rhs))
        }
    }
}
