import Foundation
import Testing

extension EndToEnd {
    /// Defects found by these tests and not fixed yet, kept visible (Swift Testing reports when a
    /// known issue stops happening: then make it a plain test).
    @Suite struct KnownIssues {}
}

extension EndToEnd.KnownIssues {
    /// Found by the monkey run (seed 2, event 20): files dragged from another program onto the
    /// window while a rename popover is open. The drag closes the popover; the popover, let go on
    /// idle (`RenamePopover.release`), is unparented and its surface destroyed while GTK's drop
    /// still refers to it: `gdk_surface_get_device_position: assertion 'GDK_IS_SURFACE (surface)'
    /// failed`, fatal under `G_DEBUG=fatal-criticals`. The rename popover's lifetime is being
    /// reworked with the chips (issue 14, the chips' half); this test shows when it holds.
    @Test func aDropWhileARenamePopoverIsOpenKeepsTheEditorRunning() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        try display.startWindowManager()
        let a = scratch.file("a.txt", tags: "blue,red"), d = scratch.file("d.txt", tags: "green")
        let editor = try EditorProcess([a], on: display, dataHome: scratch.path, position: (0, 0))
        let blue = try editor.state("the chips placed") { $0.settled && $0.chip("blue")?.centre != nil }.chip("blue")!
        try editor.click(x: blue.centre!.x, y: blue.centre!.y, count: 2)
        try editor.state("the rename popover") { $0.renaming == "blue" }
        let source = try FileDragSource(files: [d], on: display)
        try source.drag(to: editor, x: blue.centre!.x, y: blue.centre!.y + 30)
        withKnownIssue("the rename popover is freed under a drop in progress (see the doc comment)", isIntermittent: true) {
            try editor.state("d.txt open", timeout: 10) { $0.files.count == 2 }
            #expect(editor.isRunning)
            #expect(!editor.errors.contains("CRITICAL"))
        }
    }
}
