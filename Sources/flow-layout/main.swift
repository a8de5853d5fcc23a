// flow-layout: the FlowEngine from the command line. JSON in, JSON out.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowEngine
import FlowJSON
import JSON

let help = """
usage: flow-layout [--jsonl] [FILE]
       flow-layout --help

Lays out items with FlowEngine. Reads one JSON object from FILE, or from standard input
when no FILE is given, and writes one JSON object. With --jsonl, every input line is one
object and gets one output line, written as soon as it is computed (streaming).

Exit status: 0 when every input was laid out; 2 when any input failed (its output is
{"error": "..."} naming the field; the other lines still run); 64 for a usage error.

INPUT
  available        number, required. Main-axis length including insets: the width of a
                   horizontal layout, the height of a vertical one. 1e999 (read as +infinity)
                   means unbounded: everything on one line.
  items            array, required. Each item:
      width, height  numbers, required. Natural size.
      minWidth       number. Smallest width the item may shrink to (horizontal layouts);
                     default: width (never shrinks). Above width, the item is at least this wide.
      minHeight      number. Likewise for the height (vertical layouts); default: height.
      baseline       number or null. Distance from the top to the first baseline, for
                     "align": "firstBaseline"; null: none (the bottom edge is used).
      grow           number. Share of the line's free space (CSS flex-grow); default 0.
      breakBefore    boolean. Start a new line with this item; default false.
  axis             "horizontal" (default: rows that wrap downward) or "vertical" (columns).
  itemSpacing      number. Space between items of a line; default 0 (CSS column-gap).
  lineSpacing      number. Space between lines; default 0 (CSS row-gap).
  insets           {"top", "leading", "bottom", "trailing"}: numbers, default 0. Leading and
                   trailing follow the direction (leading is the right edge in rtl).
  justify          "start" (default), "center", "end", "spaceBetween", "spaceAround",
                   "spaceEvenly" (CSS justify-content), or "fill" (items grow equally to fill
                   each line).
  justifyLastLine  boolean, default true. false keeps the last line at the start.
  align            "start" (default), "center", "end", "fill" (stretch to the line), or
                   "firstBaseline" (CSS align-items). Lines wrap and items align along the
                   cross axis.
  direction        "ltr" (default) or "rtl": rtl mirrors each line.
  wrapReverse      boolean, default false. Lines stack from the bottom (CSS wrap-reverse).
  lineBreaking     "greedy" (default, CSS's first-fit rule) or "balanced" (greedy's line
                   count, with the least sum of squared leftover space).
  maxItemsPerLine  whole number or null (default: no limit).
  maxLines         whole number or null (default: no limit). Items past the last line are
                   hidden (zero frames) and counted in "hidden".
  overflowIndicator  an item (as above) or null: the "+N more" item placed at the end of the
                   last line when maxLines hides items.
  lineHomogeneous  boolean, default false. Every line as tall as the tallest.

  Unknown fields are errors. Numbers are never refused for their value: NaN cannot be written
  in JSON, negatives count as 0, and values above 1e9 as 1e9 (see FlowLimits in the engine);
  maxLines and maxItemsPerLine below 1 count as 1.

OUTPUT
  frames   [{"x", "y", "width", "height"}], one per item in item order; origin at the
           container's top-left, x to the right whatever the direction. Hidden items: zeros.
  size     {"width", "height"}: the container's size.
  lines    [{"start", "end"}]: item index ranges (end exclusive) of each line.
  hidden   number of items left out by maxLines.
  indicator  {"x", "y", "width", "height"}: only when the overflow indicator is shown.

EXAMPLE
  echo '{"available": 100, "itemSpacing": 10, "items": [{"width": 60, "height": 20},
        {"width": 60, "height": 20}]}' | flow-layout
"""

/// Lays out one JSON text and returns the output line, and whether it succeeded.
func process(_ text: String) -> (String, Bool) {
    do {
        let request = try FlowRequest.decode(json: text)
        return (request.run().jsonValue.text, true)
    } catch {
        return (JSONValue.object([("error", .string(error.description))]).text, false)
    }
}

/// Reads one line from a C stream, without its line break; `nil` at the end.
func readLine(from stream: UnsafeMutablePointer<FILE>) -> String? {
    var buffer: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(buffer) }
    let length = getline(&buffer, &capacity, stream)
    guard length >= 0, let buffer else { return nil }
    var bytes = UnsafeRawBufferPointer(start: buffer, count: length).map { $0 }
    if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
    if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
}

/// Writes to standard error (file descriptor 2; the C `stderr` global is not concurrency-safe).
func printError(_ message: String) {
    var text = message
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

func usage(_ message: String) -> Never {
    printError("flow-layout: \(message)\nTry 'flow-layout --help'.\n")
    exit(64)
}

var jsonLines = false
var path: String?
for argument in CommandLine.arguments.dropFirst() {
    switch argument {
    case "--help", "-h":
        print(help)
        exit(0)
    case "--jsonl":
        jsonLines = true
    case let option where option.hasPrefix("-") && option != "-":
        usage("unknown option \(option)")
    default:
        if path != nil { usage("only one FILE may be given") }
        path = argument
    }
}

let input: UnsafeMutablePointer<FILE>
if let path, path != "-" {
    guard let file = fopen(path, "r") else {
        let reason = String(cString: strerror(errno))
        printError("flow-layout: cannot read \(path): \(reason)\n")
        exit(2)
    }
    input = file
} else {
    input = fdopen(0, "r")
}

var anyFailed = false
if jsonLines {
    // One result per input line, flushed at once, so a producer can stream requests.
    while let line = readLine(from: input) {
        let (output, ok) = process(line)
        if !ok { anyFailed = true }
        print(output)
        fflush(nil)   // every output stream: the C `stdout` global is not concurrency-safe
    }
} else {
    var lines: [String] = []
    while let line = readLine(from: input) { lines.append(line) }
    let (output, ok) = process(lines.joined(separator: "\n"))
    anyFailed = !ok
    print(output)
}
exit(anyFailed ? 2 : 0)
