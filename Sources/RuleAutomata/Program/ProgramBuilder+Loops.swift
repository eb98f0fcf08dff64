// Compilation of loops, with ICU's progress rule.
//
// Note: an unbounded loop whose body can match empty leaves the loop after an iteration
// that did not move the input position (see `Repetition`). That is a condition on one bit
// per loop ("has this iteration consumed anything?"), and a bit of finite state can live
// in the program counter: the body is compiled twice. Copy A is an iteration that has not
// consumed yet; copy C one that has. Every consuming state of A continues in C (at the state
// that follows the same consuming state there), so a thread is in A exactly while it has
// made no progress. A's end leaves the loop; C's end goes back to the loop head. For
// `{n,}` the first n iterations share one bit (ICU compares with the loop start after the
// n-th), so they are compiled as n pairs. Loops nested in such a body nest the doubling;
// the lowering bounds the total size. Because of this, the program never has a cycle of
// epsilon transitions, and the Pike VM's one-thread-per-state rule keeps ICU's
// backtracking order exactly.

import RuleRegex

extension ProgramBuilder {
    mutating func emitLoop(_ loop: Repetition, next exit: Int) -> Int {
        guard loop.max != 0 else { return exit }
        if let max = loop.max { return emitBoundedLoop(loop, max: max, next: exit) }
        let head = append(.match)  // placeholder, patched below
        let iteration: Int
        if loop.body.canBeEmpty {
            let log = emitLogged(loop.body, next: head).log
            iteration = emitRedirected(loop.body, next: exit, log: log)
        } else {
            iteration = emit(loop.body, next: head)
        }
        patch(head, loop.greedy ? .split(preferred: iteration, alternative: exit) : .split(preferred: exit, alternative: iteration))
        guard loop.min > 0 else { return head }
        guard loop.body.canBeEmpty else {
            var entry = head
            for _ in 0..<loop.min { entry = emit(loop.body, next: entry) }
            return entry
        }
        // Iterations 1…min: progress is judged over all of them together.
        var progressed = head
        var stalled = exit
        for _ in 0..<loop.min {
            let (entry, log) = emitLogged(loop.body, next: progressed)
            progressed = entry
            stalled = emitRedirected(loop.body, next: stalled, log: log)
        }
        return stalled
    }

    /// `{n,m}`, `?`: unrolled; ICU checks no progress in bounded loops.
    private mutating func emitBoundedLoop(_ loop: Repetition, max: Int, next exit: Int) -> Int {
        var entry = exit
        for _ in loop.min..<max {
            let body = emit(loop.body, next: entry)
            entry = append(loop.greedy ? .split(preferred: body, alternative: exit) : .split(preferred: exit, alternative: body))
        }
        for _ in 0..<loop.min { entry = emit(loop.body, next: entry) }
        return entry
    }

    /// Emits `body` as copy C, recording the successor of each consuming state.
    private mutating func emitLogged(_ body: RegexIR, next: Int) -> (entry: Int, log: [Int]) {
        pushFrame(redirect: false, log: [])
        let entry = emit(body, next: next)
        return (entry, popFrame().log)
    }

    /// Emits `body` as copy A: each consuming state continues where `log` says.
    private mutating func emitRedirected(_ body: RegexIR, next: Int, log: [Int]) -> Int {
        pushFrame(redirect: true, log: log)
        let entry = emit(body, next: next)
        let frame = popFrame()
        assert(frame.cursor == log.count, "loop copies differ")
        return entry
    }
}
