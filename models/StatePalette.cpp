#include "StatePalette.h"

#include <QCoreApplication>
#include <QGuiApplication>

#include <cmath>

namespace keyright {

namespace {

struct Variants
{
    QRgb light;
    QRgb dark;
};

// Light variants are dark enough for white and Fusion's #efefef window; dark variants light
// enough for #2a2a2a..#353535. tst_statepalette checks both against both.
constexpr Variants variants[StatePalette::RoleCount] = {
    {0x27692b, 0x81c784}, // Live
    {0x8a5300, 0xffb74d}, // Expiring
    {0xa0522d, 0xffab91}, // Expired
    {0xc62828, 0xef9a9a}, // Denied
    {0xad1457, 0xf48fb1}, // Revoked
    {0x6a1b9a, 0xd1a3dc}, // Reserved
    {0x8a5300, 0xffcc80}, // Stale
    {0xc62828, 0xef9a9a}, // Failed
    {0x8a5300, 0xffb74d}, // Pending
    {0x666666, 0xb0b0b0}, // Muted
    {0x1e5aa8, 0x90caf9}, // Accent
    {0x6d4c41, 0xc4b4ae}, // Interrupted
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

QColor StatePalette::background(Role role)
{
    return background(role, applicationPalette());
}

QColor StatePalette::background(Role role, const QPalette &palette)
{
    // A faint wash of the state over the base: enough to see, never enough to hide the text.
    return mix(colour(role, palette), palette.color(QPalette::Base), isDark(palette) ? 0.14 : 0.12);
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
