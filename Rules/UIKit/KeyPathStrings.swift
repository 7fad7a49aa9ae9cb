import SeamLintCore

extension SourceFile {
    /// True when a dotted key path spelled by bytes `range` (`"view.subviews"`) has a component `word`.
    func keyPathString(_ range: Range<Int>, hasComponent word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        var componentStart = range.lowerBound
        var index = range.lowerBound
        while index <= range.upperBound {
            if index == range.upperBound || bytes[index] == UInt8(ascii: ".") {
                if index - componentStart == count {
                    let pointer = word.utf8Start
                    var equal = true
                    for offset in 0..<count where bytes[componentStart + offset] != pointer[offset] {
                        equal = false
                        break
                    }
                    if equal { return true }
                }
                componentStart = index + 1
            }
            index += 1
        }
        return false
    }
}
