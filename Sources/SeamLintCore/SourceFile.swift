/// One tokenized file and the side tables rules share. Built once per file by the engine;
/// the structure layer (declarations, chains, conditions) is computed lazily on first use.
///
/// Rules work with *code indices*: positions in `code`, the file's tokens without trivia.
public final class SourceFile {
    public let path: String
    public let language: SourceLanguage
    public let bytes: [UInt8]
    /// Every token, trivia included (lossless).
    public let tokens: [Token]
    /// Non-trivia tokens; `.lineStart` marks the first one on its line. Any index may be read:
    /// outside the file it answers a `.fileEdge` token (see `SentinelTable`).
    public let code: SentinelTable<Token>
    /// For each code token: the code index of its matching bracket, or -1 (also outside the file).
    public let matching: SentinelTable<Int32>
    /// For each code token: the code index of the innermost open bracket around it, or -1
    /// (also outside the file).
    public let parent: SentinelTable<Int32>
    /// Byte offsets where lines start.
    public let lineStarts: [Int]

    public init(path: String, bytes: [UInt8], tokens: [Token]? = nil, language: SourceLanguage = .swift) {
        self.path = path
        self.language = language
        self.bytes = bytes
        let tokens = tokens ?? Tokenizer.tokenize(bytes)
        self.tokens = tokens
        let tables = SourceFile.structureTables(tokens, bytes)
        self.code = SentinelTable(sentinelStorage: tables.code)
        self.matching = SentinelTable(sentinelStorage: tables.matching)
        self.parent = SentinelTable(sentinelStorage: tables.parent)
        self.lineStarts = tables.lineStarts
    }

    // MARK: Lazily built structure

    public private(set) lazy var declarations: [Declaration] = {
        DeclarationScanner(file: self).scan()
    }()
    /// For each code index of a `{` that opens a declaration body, the declaration's index.
    public private(set) lazy var bodyOwner: BodyOwners = BodyOwners(declarations, codeCount: code.count)
    /// By opening bracket: the nearest declaration body at or around it (`enclosingDeclarations`).
    private(set) lazy var declarationBodies: [Int32] = buildDeclarationBodies()
    /// By opening bracket: `ScopeFlags` of the code inside it (PlatformScope.swift).
    private(set) lazy var scopeFlags: [UInt8] = buildScopeFlags()
    /// By opening bracket: where `followsUnavailableCondition` starts (PlatformScope.swift).
    private(set) lazy var conditionListTops: [Int32] = buildConditionListTops()
    /// `earlyExitAbove(_:)` by version (PlatformScope.swift).
    var earlyExitAboveMemo: [Version: [UInt8]] = [:]
    /// Long Objective-C messages by their `[` (ObjectiveCExpressions.swift).
    var objectiveCMessageMemo: [Int: ObjectiveCMessage?] = [:]
    public private(set) lazy var conditions: ConditionTable = ConditionTable(file: self)
    private(set) lazy var braceKinds: BraceKinds = BraceKinds(file: self)
    /// Which four-byte grams occur at even offsets of the file, for `mentionsText`, while still current (see GramSet.swift).
    private var grams: GramSet?
    /// `mentionsText` answers by the literal's address (several collectors ask the same words), in
    /// a direct-mapped cache: a dictionary's hashing cost more than the words it saved.
    var mentionMemo = MentionMemo()
    /// Asked by most fact collectors for every file; computed once.
    public private(set) lazy var importsAppKitOnly: Bool = computeImportsAppKitOnly()
    public private(set) lazy var pathNamesOtherPlatform: Bool = computePathNamesOtherPlatform()
    /// `statementStart(containing:)` answers by code index, -1 where not known yet (empty until asked).
    var statementStartMemo: [Int32] = []
    /// `objectiveCStatementStart(containing:)` answers by code index, -1 where not known yet.
    var objectiveCStatementStartMemo: [Int32] = []
    /// `earlyExits(in:)` by the block's `{` (PlatformScope.swift).
    var earlyExitMemo: [Int: [EarlyExit]] = [:]
    /// `conditionStop(from:)` by code index: -2 unknown (PlatformScope.swift).
    var conditionStopMemo: [Int32] = []
    /// For lines longer than `columnStride` bytes, by line index: the scalars before every
    /// `columnStride`-th byte, so a column on a long line is counted from the nearest one.
    var columnCheckpoints: [Int: [Int32]] = [:]
    /// Tables a rule family derives once and several of its rules read (`shared(_:build:)`).
    private var sharedTables: [ObjectIdentifier: Any] = [:]
}

extension SourceFile {
    /// The value `build` makes for this file, built on first use under `key` (a type private to the
    /// rule family that owns it) and kept for the file's later rules: for a table that two rules or
    /// fact collectors of one family each read whole, such as the navigation hosting sites.
    public func shared<Value>(_ key: Any.Type, build: () -> Value) -> Value {
        let identifier = ObjectIdentifier(key)
        if let known = sharedTables[identifier] as? Value { return known }
        let value = build()
        sharedTables[identifier] = value
        return value
    }
}

/// The declaration whose body each `{` opens, by the brace's code index: a table as long as the
/// file's code (a dictionary's hashing cost more, asked for every bracket of most files).
public struct BodyOwners: Sendable {
    @usableFromInline let owners: [Int32]

    init(_ declarations: [Declaration], codeCount: Int) {
        var owners = [Int32](repeating: -1, count: codeCount)
        for (index, declaration) in declarations.enumerated() {
            if let body = declaration.bodyOpen, body >= 0, body < codeCount { owners[body] = Int32(index) }
        }
        self.owners = owners
    }

    /// The index in `SourceFile.declarations` of the declaration whose body opens at code index
    /// `open`, or nil.
    @inlinable public subscript(open: Int32) -> Int32? {
        let index = Int(open)
        guard index >= 0 && index < owners.count else { return nil }
        let owner = owners[index]
        return owner >= 0 ? owner : nil
    }
}

extension SourceFile {
    /// The file's gram set, built on the calling thread's table (again if another file's set
    /// has replaced it there since).
    func gramSet() -> GramSet {
        let table = GramTable.current
        if let grams, grams.isCurrent(in: table) { return grams }
        let built = GramSet.latest(over: bytes, in: table) ?? bytes.withUnsafeBufferPointer { GramSet($0, table: table) }
        grams = built
        return built
    }
}

// MARK: Text and positions

extension SourceFile {
    /// The text of a byte range (allocates: for messages and reporting, not for matching).
    public func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The text of a code token.
    public func text(at index: Int) -> String { text(code[index].range) }

    /// True when code token `index` exists and spells `word` (compares bytes, no allocation).
    /// Inlined up to the length check, which rules out most tokens without a call.
    @inlinable @inline(__always)
    public func tokenIs(_ index: Int, _ word: StaticString) -> Bool {
        guard index >= 0 && index < code.count else { return false }
        let token = code[index]
        guard Int(token.length) == word.utf8CodeUnitCount else { return false }
        return bytesEqual(from: Int(token.start), word)
    }

    /// True when the bytes from `start` spell `word` (the file holds `word`'s length from there).
    @usableFromInline
    func bytesEqual(from start: Int, _ word: StaticString) -> Bool {
        let pointer = word.utf8Start
        for offset in 0..<word.utf8CodeUnitCount where bytes[start + offset] != pointer[offset] { return false }
        return true
    }

    /// True when code token `index` is an identifier or keyword spelled `word`.
    @inlinable @inline(__always)
    public func isName(_ index: Int, _ word: StaticString) -> Bool {
        guard index >= 0 && index < code.count else { return false }
        let kind = code[index].kind
        return (kind == .identifier || kind == .keyword) && tokenIs(index, word)
    }

    /// True when token `index` spells `word` — for names known only at run time.
    public func tokenIs(_ index: Int, _ word: [UInt8]) -> Bool {
        guard index >= 0 && index < code.count else { return false }
        let token = code[index]
        guard Int(token.length) == word.count else { return false }
        return bytes[token.range].elementsEqual(word)
    }

    /// True when two code tokens spell the same text.
    public func sameText(_ first: Int, _ second: Int) -> Bool {
        let a = code[first], b = code[second]
        guard a.length == b.length else { return false }
        return bytes[a.range].elementsEqual(bytes[b.range])
    }

    /// The first byte of code token `index`, or 0 for the zero-length edge outside the file.
    @inlinable
    public func firstByte(of index: Int) -> UInt8 {
        let token = code[index]
        return token.length > 0 ? bytes[Int(token.start)] : 0
    }

    /// The bytes of a code token (no copy beyond the slice).
    public func bytes(at index: Int) -> ArraySlice<UInt8> { bytes[code[index].range] }

    /// True when the token's text starts with `prefix`.
    public func tokenHasPrefix(_ index: Int, _ prefix: StaticString) -> Bool {
        guard index >= 0 && index < code.count else { return false }
        let token = code[index]
        guard Int(token.length) >= prefix.utf8CodeUnitCount else { return false }
        let pointer = prefix.utf8Start
        for offset in 0..<prefix.utf8CodeUnitCount where bytes[Int(token.start) + offset] != pointer[offset] { return false }
        return true
    }

    /// True when the token's text ends with `suffix`.
    public func tokenHasSuffix(_ index: Int, _ suffix: StaticString) -> Bool {
        guard index >= 0 && index < code.count else { return false }
        let token = code[index]
        let count = suffix.utf8CodeUnitCount
        guard Int(token.length) >= count else { return false }
        let pointer = suffix.utf8Start
        let start = token.end - count
        for offset in 0..<count where bytes[start + offset] != pointer[offset] { return false }
        return true
    }

    /// 1-based line of a byte offset.
    public func line(ofOffset offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The location of a byte offset; the column counts Unicode scalars, 1-based.
    public func location(ofOffset offset: Int) -> Location {
        let line = line(ofOffset: offset)
        let lineStart = lineStarts[line - 1]
        var column = 1
        var index = lineStart
        // On a long line (thousands of findings in one interpolation or call), count from the
        // nearest checkpoint: counting from the line's start for each was quadratic in the line.
        let stride = Self.columnStride
        if offset - lineStart >= stride {
            let checkpoints = columnCheckpoints(line: line - 1)
            let step = min((offset - lineStart) / stride, checkpoints.count - 1)
            column += Int(checkpoints[step])
            index += step * stride
        }
        var steps = 0
        while index < offset && index < bytes.count {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
            steps += 1
        }
        ScalingCounter.add(steps)
        // A continuation byte at `offset` itself would be mid-scalar; offsets here are token starts.
        return Location(file: path, line: line, column: column, offset: offset)
    }

    static let columnStride = 256

    /// The scalars of line `line` (0-based) before each multiple of `columnStride` bytes into it,
    /// counted once per line.
    private func columnCheckpoints(line: Int) -> [Int32] {
        if let known = columnCheckpoints[line] { return known }
        let start = lineStarts[line]
        let end = min(line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count, bytes.count)
        var checkpoints: [Int32] = [0]
        var scalars: Int32 = 0
        var index = start
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { scalars += 1 }
            index += 1
            if (index - start) % Self.columnStride == 0 { checkpoints.append(scalars) }
        }
        ScalingCounter.add(end - start)
        columnCheckpoints[line] = checkpoints
        return checkpoints
    }

    /// The location of a code token.
    public func location(of index: Int) -> Location { location(ofOffset: Int(code[index].start)) }

    /// Just past `length` bytes from `start` (a location in this file); nil when that leaves the file.
    public func end(of start: Location, length: Int) -> SourcePosition? {
        SourcePosition.end(after: start, length: length, in: bytes)
    }

    /// The code index of the first code token starting at or after `offset`.
    public func codeIndex(atOrAfter offset: Int) -> Int {
        var low = 0
        var high = code.count
        while low < high {
            let middle = (low + high) / 2
            if Int(code[middle].start) < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
