#include "StatePalette.h"

#include <QCoreApplication>
#include <QGuiApplication>

#include <cmath>

namespace keyright {

namespace {

struct Variants
{
    QRgb light; // text and marks on a light base
    QRgb dark; // text and marks on a dark base
    QRgb fill; // areas, either theme
};

// Light variants are dark enough for white and Fusion's #efefef window; dark variants light
// enough for #2a2a2a..#353535. tst_statepalette checks both against both.
constexpr Variants variants[StatePalette::RoleCount] = {
    {0x27692b, 0x81c784, 0x43a047}, // Live
    {0x8a5300, 0xffb74d, 0xf59e0b}, // Expiring
    {0xa0522d, 0xffab91, 0xf9a825}, // Expired
    {0xc62828, 0xef9a9a, 0xd32f2f}, // Denied
    {0xad1457, 0xf48fb1, 0xad1457}, // Revoked
    {0x6a1b9a, 0xd1a3dc, 0x8e24aa}, // Reserved
    {0x8a5300, 0xffcc80, 0xf9a825}, // Stale
    {0xc62828, 0xef9a9a, 0xe51c23}, // Failed
    {0x8a5300, 0xffb74d, 0xf59e0b}, // Pending
    {0x3949ab, 0x9fa8da, 0x5c6bc0}, // Waiting
    {0x666666, 0xb0b0b0, 0x607d8b}, // Muted
    {0x1e5aa8, 0x90caf9, 0x1565c0}, // Accent
    {0x6d4c41, 0xc4b4ae, 0x6d4c41}, // Interrupted
    // Teal: apart in hue from live green, full red and blocked purple, on a projector too.
    {0x00695c, 0x80cbc4, 0x26a69a}, // ReservedSeat
    // Ochre: a warning apart from the orange of expiring and pending rows.
    {0x6f5600, 0xffd54f, 0xfbc02d}, // Idle
    // Olive: a seat that is away. Apart from every other state's hue: the blues of the accent
    // ("in use, activity unknown" in the ledger's bar, walk 51b F8; the usage chart's peak, walk 27
    // A3), the teal of reserved idle seats (walk 53, 1: the cyan read as that teal), live green,
    // the waiting indigo, and the purples of reserved and revoked seats beside it in the seat bars
    // (walk 55, 5 asked for a hue apart from the usage chart's 95th percentile: that line moved to
    // the peak's blue instead, since a magenta here would sit beside the reserved purple). Its fill,
    // also the usage chart's borrowed line, keeps 3:1 on white and on the dark bases.
    // tst_statepalette keeps it at least a CIELAB distance of 20 from every other state (35 for the
    // fills) and 35 from every other line of the usage chart, in each theme.
    {0x4f6000, 0xdce775, 0x988838}, // Borrowed
    // Blue grey: staged, not alarming; its fill the slate the legend names, apart from the free
    // track (walk 55, 1: free seats were drawn in this slate too).
    {0x546e7a, 0xb0bec5, 0x607d8b}, // Sandbox
};

QColor mix(const QColor &a, const QColor &b, double weightOfA)
{
    const auto channel = [weightOfA](int x, int y) { return int(std::lround(x * weightOfA + y * (1.0 - weightOfA))); };
    return QColor(channel(a.red(), b.red()), channel(a.green(), b.green()), channel(a.blue(), b.blue()));
}

double linear(double c)
{
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

QPalette applicationPalette()
{
    // Models also run under a plain QCoreApplication (their tests): no theme there, the light one.
    if (!qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
        return QPalette(Qt::black, Qt::white);
    return QGuiApplication::palette();
}

} // namespace

QColor StatePalette::colour(Role role)
{
    return colour(role, applicationPalette());
}

QColor StatePalette::colour(Role role, const QPalette &palette)
{
    if (role < 0 || role >= RoleCount)
        return palette.color(QPalette::Text);
    return QColor::fromRgb(isDark(palette) ? variants[role].dark : variants[role].light);
}

QColor StatePalette::fill(Role role)
{
    if (role < 0 || role >= RoleCount)
        return QColor(Qt::gray);
    return QColor::fromRgb(variants[role].fill);
}

QColor StatePalette::background(Role role)
{
    return background(role, applicationPalette());
}

QColor StatePalette::background(Role role, const QPalette &palette)
{
    // A faint wash of the state over the base: enough to see, never enough to hide the text.
    return mix(colour(role, palette), palette.color(QPalette::Base), isDark(palette) ? 0.14 : 0.12);
}

QColor StatePalette::freeSeat()
{
    return freeSeat(applicationPalette());
}

QColor StatePalette::freeSeat(const QPalette &palette)
{
    // Stronger than a tint (background()), which vanishes on the window colour beside the bar.
    return mix(colour(Muted, palette), palette.color(QPalette::Base), 0.3);
}

bool StatePalette::isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightnessF() < 0.5;
}

double StatePalette::relativeLuminance(const QColor &colour)
{
    const QColor c = colour.toRgb();
    return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
}

double StatePalette::contrastRatio(const QColor &a, const QColor &b)
{
    const double la = relativeLuminance(a);
    const double lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

} // namespace keyright
