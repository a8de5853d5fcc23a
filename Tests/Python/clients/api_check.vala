// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
//
// A held-out Vala client of the installed Flow library (test_installed_library.py builds it with
// the installed flow-1.vapi against the prefix alone): the typed accessors and their notify,
// selection by the real pointer and keys (xdotool, through the X server the test runs under),
// activation, max-lines leaving `visible` alone, the vertical minimum width, wrap-policy,
// pack-direction and hexpand. Prints one line a check, "ok NAME" or "FAIL NAME: what was seen",
// and "done".

Gtk.Window window;
string xid;

void check (string name, bool condition, string seen) {
    print (condition ? "ok %s\n".printf (name) : "FAIL %s: %s\n".printf (name, seen));
}

void iterate (int milliseconds = 150) {
    var end = GLib.get_monotonic_time () + milliseconds * 1000;
    while (GLib.get_monotonic_time () < end) {
        if (!GLib.MainContext.default ().iteration (false)) {
            GLib.Thread.usleep (2000);
        }
    }
}

void xdotool (string[] args) {
    string[] argv = { "xdotool" };
    foreach (var arg in args) {
        argv += arg;
    }
    int status;
    try {
        GLib.Process.spawn_sync (null, argv, null, GLib.SpawnFlags.SEARCH_PATH, null, null, null, out status);
        GLib.Process.check_wait_status (status);
    } catch (GLib.Error error) {
        GLib.error ("xdotool failed: %s", error.message);
    }
    iterate ();
}

void click (Gtk.Widget widget, string? modifier = null) {
    Graphene.Point point;
    var centre = Graphene.Point () { x = widget.get_width () / 2.0f, y = widget.get_height () / 2.0f };
    if (!widget.compute_point (window, centre, out point)) {
        GLib.error ("no point");
    }
    double dx, dy;
    window.get_surface_transform (out dx, out dy);
    var x = ((int) (point.x + dx + 0.5)).to_string ();
    var y = ((int) (point.y + dy + 0.5)).to_string ();
    if (modifier != null) {
        xdotool ({ "mousemove", "--window", xid, x, y, "keydown", modifier, "click", "1", "keyup", modifier });
    } else {
        xdotool ({ "mousemove", "--window", xid, x, y, "click", "1" });
    }
}

delegate void Configure (Flow.WrapHStack row, Gtk.Widget[] children);
delegate string Listing ();

// Three children of minimum 50 and natural 100 in a 200 px wide row, after `configure`: the
// number of lines, each child's x and width.
int row_frames (Configure configure, out double[] lefts, out int[] widths) {
    var row = new Flow.WrapHStack ();
    row.set_item_spacing (0);
    Gtk.Widget[] children = {};
    for (var i = 0; i < 3; i++) {
        var inner = new Gtk.Label ("x");
        inner.set_size_request (100, -1);
        var holder = new Gtk.ScrolledWindow ();
        holder.set_policy (Gtk.PolicyType.EXTERNAL, Gtk.PolicyType.NEVER);
        holder.propagate_natural_width = true;
        holder.min_content_width = 50;
        holder.max_content_width = 100;
        holder.child = inner;
        row.append (holder);
        children += holder;
    }
    configure (row, children);
    var test = new Gtk.Window ();
    test.set_default_size (200, 100);
    test.child = row;
    test.present ();
    iterate (400);
    lefts = new double[3];
    widths = new int[3];
    double[] tops = new double[3];
    for (var i = 0; i < 3; i++) {
        Graphene.Rect bounds;
        if (!children[i].compute_bounds (row, out bounds)) {
            GLib.error ("child %d has no bounds", i);
        }
        tops[i] = bounds.origin.y;
        lefts[i] = bounds.origin.x;
        widths[i] = children[i].get_width ();
    }
    test.destroy ();
    return 1 + (tops[1] != tops[0] ? 1 : 0) + (tops[2] != tops[1] ? 1 : 0);
}

int main (string[] args) {
    Gtk.init ();
    Flow.init ();

    var box = new Flow.WrapHStack ();
    var notified = 0;
    box.notify["item-spacing"].connect (() => notified++);
    box.set_item_spacing (10);
    box.set_item_spacing (10);
    check ("typed-setter", box.get_item_spacing () == 10 && box.item_spacing == 10, box.get_item_spacing ().to_string ());
    check ("notify-once", notified == 1, notified.to_string ());
    box.set_line_spacing (10);
    box.set_selection_mode (Gtk.SelectionMode.MULTIPLE);
    check ("selection-mode", box.get_selection_mode () == Gtk.SelectionMode.MULTIPLE, "");

    Gtk.Widget[] items = {};
    for (var i = 0; i < 8; i++) {
        // A focusable box around a label, so that the keys reach the children.
        var item = new Gtk.Box (Gtk.Orientation.HORIZONTAL, 0);
        item.focusable = true;
        var label = new Gtk.Label ("item %d".printf (i));
        label.set_size_request (90, 30);
        item.append (label);
        box.append (item);
        items += item;
    }
    var changes = 0;
    box.selected_children_changed.connect (() => changes++);
    var activated = "";
    box.child_activated.connect ((child) => {
        for (var i = 0; i < items.length; i++) {
            if (items[i] == child) {
                activated += (activated == "" ? "" : ",") + i.to_string ();
            }
        }
    });
    Listing selected = () => {
        var text = "";
        for (var i = 0; i < items.length; i++) {
            if (box.is_child_selected (items[i])) {
                text += (text == "" ? "" : ",") + i.to_string ();
            }
        }
        return text;
    };

    window = new Gtk.Window ();
    window.title = "flow-vala-client";
    window.set_default_size (420, 300);
    window.child = box;
    window.present ();
    iterate (600);
    xid = ((ulong) ((Gdk.X11.Surface) window.get_surface ()).get_xid ()).to_string ();
    xdotool ({ "windowfocus", "--sync", xid });

    click (items[1]);
    check ("click-selects", selected () == "1", selected ());
    click (items[3], "ctrl");
    check ("ctrl-click-adds", selected () == "1,3", selected ());
    // Shift+click selects from the anchor (the last child clicked without Shift), as GtkFlowBox.
    click (items[5], "shift");
    check ("shift-click-extends", selected () == "3,4,5", selected ());
    check ("selected-children", box.get_selected_children ().length () == 3, box.get_selected_children ().length ().to_string ());
    check ("changed-signal", changes >= 3, changes.to_string ());
    xdotool ({ "key", "ctrl+a" });
    check ("ctrl-a-selects-all", selected () == "0,1,2,3,4,5,6,7", selected ());
    box.unselect_all ();
    check ("unselect-all", selected () == "", selected ());
    check ("single-click-default", box.get_activate_on_single_click () && activated == "1", activated);
    xdotool ({ "key", "Return" });
    check ("enter-activates", activated == "1,5", activated);
    box.set_activate_on_single_click (false);
    click (items[2]);
    check ("click-without-single-click-only-selects", activated == "1,5" && selected () == "2", activated + " " + selected ());
    box.set_activate_on_single_click (true);
    click (items[0]);
    check ("single-click-activates", activated == "1,5,0", activated);

    // max-lines hides through child-visible: the app's own `visible` is left as the app set it.
    items[6].visible = false;
    box.set_max_lines (1);
    iterate ();
    box.set_max_lines (0);
    iterate ();
    check ("max-lines-leaves-visible", !items[6].visible && items[7].visible, "");

    // The vertical minimum width: one column of the widest child.
    var column = new Flow.WrapHStack ();
    column.orientation = Gtk.Orientation.VERTICAL;
    foreach (var width in new int[] { 40, 120, 60 }) {
        var label = new Gtk.Label ("x");
        label.set_size_request (width, 20);
        column.append (label);
    }
    int minimum, natural, minimum_baseline, natural_baseline;
    column.measure (Gtk.Orientation.HORIZONTAL, -1, out minimum, out natural, out minimum_baseline, out natural_baseline);
    check ("vertical-minimum-width", minimum == 120, minimum.to_string ());

    double[] lefts;
    int[] widths;
    var lines_natural = row_frames ((row, c) => row.set_wrap_policy (Flow.WrapPolicy.NATURAL), out lefts, out widths);
    var lines_minimum = row_frames ((row, c) => row.set_wrap_policy (Flow.WrapPolicy.MINIMUM), out lefts, out widths);
    check ("wrap-policy", lines_natural == 2 && lines_minimum == 1, "natural %d, minimum %d".printf (lines_natural, lines_minimum));
    row_frames ((row, c) => {
        row.set_wrap_policy (Flow.WrapPolicy.MINIMUM);
        row.set_pack_direction (Flow.PackDirection.END_TO_START);
    }, out lefts, out widths);
    check ("pack-direction", lefts[0] > lefts[1] && lefts[1] > lefts[2], "%g %g %g".printf (lefts[0], lefts[1], lefts[2]));
    row_frames ((row, c) => {
        row.set_wrap_policy (Flow.WrapPolicy.MINIMUM);
        c[0].hexpand = true;
    }, out lefts, out widths);
    check ("hexpand-grows", widths[0] > widths[1], "%d %d %d".printf (widths[0], widths[1], widths[2]));

    window.destroy ();
    iterate (100);
    print ("done\n");
    return 0;
}
