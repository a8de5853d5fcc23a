// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: CC0-1.0
// Twelve labels in a Flow.WrapHStack, from Vala. Once the window is laid out, prints each
// label's frame in the box ("x y width height", one a line) and quits.
//
//   valac --pkg flow-1 labels.vala && ./labels
int main () {
    Gtk.init ();
    Flow.init ();

    var box = new Flow.WrapHStack ();
    box.item_spacing = 6;
    box.line_spacing = 4;
    var labels = new Gtk.Label[12];
    for (int i = 0; i < 12; i++) {
        labels[i] = new Gtk.Label ("tag %d".printf (i + 1));
        box.append (labels[i]);
    }

    var window = new Gtk.Window ();
    window.set_default_size (200, 200);
    window.child = box;
    window.present ();

    var loop = new MainLoop ();
    Timeout.add (200, () => {
        if (box.get_width () == 0)
            return Source.CONTINUE; // not laid out yet
        foreach (var label in labels) {
            Graphene.Rect frame;
            if (label.compute_bounds (box, out frame))
                print ("%g %g %g %g\n", frame.origin.x, frame.origin.y, frame.size.width, frame.size.height);
        }
        loop.quit ();
        return Source.REMOVE;
    });
    loop.run ();
    window.destroy ();
    return 0;
}
