import SeamLintCore

extension MenuTouchThrough {
    /// Who uses whom among a project's helpers (`HelperUses`), as adjacency lists over the positions
    /// of their names: built in one pass over the uses, walked with flags, never a string hashed.
    /// A helper's use of its own name (a view type that names itself) is no edge.
    struct HelperGraph {
        let uses: HelperUses
        /// The names used in each helper: `usedIn[usedInStart[c]..<usedInStart[c + 1]]`.
        private let usedInStart: [Int32]
        private let usedIn: [Int32]
        /// The helpers each name is used in, the same way.
        private let containerStart: [Int32]
        private let containers: [Int32]
        /// The names used outside every helper.
        let outside: [Int32]

        var count: Int { uses.names.count }

        init(_ uses: HelperUses) {
            self.uses = uses
            let count = uses.names.count
            var usedInCount = [Int32](repeating: 0, count: count + 1)
            var containerCount = [Int32](repeating: 0, count: count + 1)
            var outside: [Int32] = []
            for use in uses.uses where use.container != use.name {
                if use.container < 0 {
                    outside.append(use.name)
                } else {
                    usedInCount[Int(use.container) + 1] += 1
                    containerCount[Int(use.name) + 1] += 1
                }
            }
            for position in 0..<count {
                usedInCount[position + 1] += usedInCount[position]
                containerCount[position + 1] += containerCount[position]
            }
            var usedIn = [Int32](repeating: 0, count: Int(usedInCount[count]))
            var containers = [Int32](repeating: 0, count: Int(containerCount[count]))
            var nextUsed = usedInCount, nextContainer = containerCount
            for use in uses.uses where use.container != use.name && use.container >= 0 {
                usedIn[Int(nextUsed[Int(use.container)])] = use.name
                nextUsed[Int(use.container)] += 1
                containers[Int(nextContainer[Int(use.name)])] = use.container
                nextContainer[Int(use.name)] += 1
            }
            usedInStart = usedInCount
            self.usedIn = usedIn
            containerStart = containerCount
            self.containers = containers
            self.outside = outside
        }

        /// The names used in helper `container`.
        func names(usedIn container: Int32) -> ArraySlice<Int32> {
            usedIn[Int(usedInStart[Int(container)])..<Int(usedInStart[Int(container) + 1])]
        }

        /// The helpers `name` is used in.
        func containers(of name: Int32) -> ArraySlice<Int32> {
            containers[Int(containerStart[Int(name)])..<Int(containerStart[Int(name) + 1])]
        }

        /// Marks in `flags` everything reachable from `start` (marked already) along `next`.
        func spread(_ flags: inout [Bool], from start: [Int32], along next: (Int32) -> ArraySlice<Int32>) {
            var pending = start
            while let position = pending.popLast() {
                for reached in next(position) where !flags[Int(reached)] {
                    flags[Int(reached)] = true
                    pending.append(reached)
                }
            }
        }
    }
}
