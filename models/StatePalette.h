#pragma once

#include <QColor>
#include <QPalette>

namespace keyright {

// The dashboard's state colours, by meaning, in one place. Each has a light-theme and a
// dark-theme variant, picked from the lightness of the palette's window colour, so a state reads
// at least 4.5:1 (WCAG AA) against the base and window colours of either theme. Models hand
// these out as Qt::ForegroundRole/BackgroundRole brushes and widgets paint with them; reading the
// application palette at each call means a theme change shows at the next repaint.
//
// It lives in models because the item models colour their cells; it needs Qt Gui, no widgets.
class StatePalette
{
public:
    enum Role {
        Live, // a counted seat, a granted checkout, a good signature, a healthy connection
        Expiring, // a lease in the last third of its window
        Expired, // expired, awaiting the reaper
        Denied, // a refused checkout, a full license
        Revoked,
        Reserved, // a block keeping a revoked holder out
        Stale, // nothing has shown it alive lately
        Failed, // an error, a bad signature, a server that does not answer
        Pending, // connecting, waiting for an answer, a warning
        Waiting, // a checkout waiting in line for a seat (the line's length in the chart)
        Muted, // gone, not applicable
        Accent, // a neutral series (usage in the chart), the seat the server counts
        Interrupted, // a network cut
        ReservedSeat, // seats a rule reserves for a group (idle ones in the seat bar, a seat counted against one)
        Idle, // a holder with no activity for longer than the license's idle threshold (issue 26)
        Borrowed, // a seat taken offline on a laptop until its expiry (issue 27)
        Sandbox, // a simulator sandbox's staged seats (the Seats page's bar and legend), never free grey
        RoleCount
    };

    // On the application's palette.
    static QColor colour(Role role);
    static QColor colour(Role role, const QPalette &palette);
    // The state as a filled area (a seat bar, a timeline lane, a badge): a mid-tone that stands
    // out on light and dark bases alike and keeps the states apart in hue on a washed-out
    // projector. Text on it takes the black or white that reads better (SimulatorPalette::textOn).
    static QColor fill(Role role);
    // A tint of the role's colour for a cell, badge or banner background; colour(role) stays
    // readable on it.
    static QColor background(Role role);
    static QColor background(Role role, const QPalette &palette);
    // The free part of a seat bar (the license list's bars, the holders' ledger bar) and its legend
    // swatch: a light grey track in a light theme, a dark one in a dark theme, that shows on the
    // base and the window colours alike and is never taken for a state's fill.
    static QColor freeSeat();
    static QColor freeSeat(const QPalette &palette);

    static bool isDark(const QPalette &palette);
    // The WCAG 2 contrast ratio, 1 to 21.
    static double contrastRatio(const QColor &a, const QColor &b);
    static double relativeLuminance(const QColor &colour);
};

} // namespace keyright
