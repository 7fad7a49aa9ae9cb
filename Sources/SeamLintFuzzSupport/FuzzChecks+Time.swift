import Dispatch
import SeamLintCore

extension FuzzChecks {
    /// Time allowed to tokenize and build the structure tables (declarations, conditions) of an
    /// input: linear in its size, generous enough for a sanitized build on a busy machine, far
    /// below what a quadratic pass over a few kilobytes of pathological input takes.
    public static func timeBudget(bytes: Int) -> Double { 0.1 + Double(bytes) * 50e-6 }

    /// `tokenizer`, then the time per byte: a run over budget is retried twice (the machine may
    /// just have been busy) and fails only if every attempt is over.
    public static func tokenizerWithinBudget(_ bytes: [UInt8]) -> String? {
        if let failure = tokenizer(bytes) { return failure }
        let budget = timeBudget(bytes: bytes.count)
        var fastest = Double.infinity
        for _ in 0..<3 {
            fastest = min(fastest, structureSeconds(bytes))
            if fastest <= budget { return nil }
        }
        return "building the structure of \(bytes.count) bytes took \(fastest) s, over the \(budget) s budget"
    }

    /// Seconds to tokenize and build every per-file table rules use.
    static func structureSeconds(_ bytes: [UInt8]) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let file = SourceFile(path: "Fuzz.swift", bytes: bytes)
        _ = file.declarations.count
        _ = file.conditions.clauses.count
        _ = file.isClosure(0)
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
