// The state colours follow the theme: in a dark and in a light palette every state reads at least
// 4.5:1 (WCAG AA) against the base and window colours, and what the models paint comes from the
// palette in use.

#include "LicenseListModel.h"
#include "SeatBarDelegate.h"
#include "StatePalette.h"

#include <QApplication>
#include <QBrush>
#include <QMetaEnum>
#include <QStyle>
#include <QStyleFactory>
#include <QTest>
#include <QtCharts/QChart>

#include <array>
#include <cmath>
#include <memory>

using namespace Qt::StringLiterals;
using namespace keyright;

namespace {

QPalette darkPalette()
{
    // The usual dark Fusion palette.
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x35, 0x35, 0x35));
    p.setColor(QPalette::WindowText, Qt::white);
    p.setColor(QPalette::Base, QColor(0x2a, 0x2a, 0x2a));
    p.setColor(QPalette::AlternateBase, QColor(0x42, 0x42, 0x42));
    p.setColor(QPalette::Text, Qt::white);
    p.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    p.setColor(QPalette::ButtonText, Qt::white);
    p.setColor(QPalette::Highlight, QColor(0x2a, 0x82, 0xda));
    p.setColor(QPalette::HighlightedText, Qt::black);
    return p;
}

QPalette lightPalette()
{
    const std::unique_ptr<QStyle> fusion(QStyleFactory::create(u"Fusion"_s));
    return fusion->standardPalette();
}

// The CIE 1976 distance between two colours in CIELAB (D65): about 2.3 is just noticeable; two
// states drawn side by side want much more.
double labDistance(const QColor &a, const QColor &b)
{
    const auto lab = [](const QColor &colour) {
        const auto linear = [](double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
        const double r = linear(colour.redF()), g = linear(colour.greenF()), bl = linear(colour.blueF());
        const double x = (0.4124 * r + 0.3576 * g + 0.1805 * bl) / 0.95047;
        const double y = 0.2126 * r + 0.7152 * g + 0.0722 * bl;
        const double z = (0.0193 * r + 0.1192 * g + 0.9505 * bl) / 1.08883;
        const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
        return std::array<double, 3> {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
    };
    const auto p = lab(a), q = lab(b);
    return std::hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

} // namespace

class TestStatePalette : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void everyStateIsReadable_data();
    void everyStateIsReadable();
    void contrastFollowsTheWcagFormula();
    void borrowedIsApartFromEveryOtherState_data();
    void borrowedIsApartFromEveryOtherState();
    void borrowedStandsOutInTheUsageChart();
    void modelsAndDelegatesPaintWithThePaletteInUse();
    void freeSeatsShowInEitherThemeApartFromTheSandboxes();
};

void TestStatePalette::cleanup()
{
    QApplication::setPalette(lightPalette());
}

void TestStatePalette::everyStateIsReadable_data()
{
    QTest::addColumn<bool>("dark");
    QTest::addColumn<int>("role");
    for (const bool dark : {false, true}) {
        for (int role = 0; role < StatePalette::RoleCount; ++role)
            QTest::newRow(qPrintable(u"%1 %2"_s.arg(dark ? u"dark"_s : u"light"_s).arg(role))) << dark << role;
    }
}

void TestStatePalette::everyStateIsReadable()
{
    QFETCH(bool, dark);
    QFETCH(int, role);
    QApplication::setPalette(dark ? darkPalette() : lightPalette());
    const QPalette palette = QApplication::palette();
    QCOMPARE(StatePalette::isDark(palette), dark);
    const QColor colour = StatePalette::colour(StatePalette::Role(role));
    QCOMPARE(colour, StatePalette::colour(StatePalette::Role(role), palette));
    for (const QPalette::ColorRole against : {QPalette::Base, QPalette::Window}) {
        const double ratio = StatePalette::contrastRatio(colour, palette.color(against));
        QVERIFY2(ratio >= 4.5,
                 qPrintable(u"%1 on %2: %3:1"_s.arg(colour.name(), palette.color(against).name()).arg(ratio)));
    }
    // And on its own tint (badges, banners).
    const double onTint = StatePalette::contrastRatio(colour, StatePalette::background(StatePalette::Role(role)));
    QVERIFY2(onTint >= 4.5, qPrintable(u"%1 on its tint: %2:1"_s.arg(colour.name()).arg(onTint)));
}

void TestStatePalette::contrastFollowsTheWcagFormula()
{
    QCOMPARE(StatePalette::contrastRatio(Qt::black, Qt::white), 21.0);
    QCOMPARE(StatePalette::contrastRatio(Qt::white, Qt::white), 1.0);
    // #767676 is the classic lightest grey that passes AA on white (4.54:1).
    QVERIFY(qAbs(StatePalette::contrastRatio(QColor(0x76, 0x76, 0x76), Qt::white) - 4.54) < 0.01);
}

void TestStatePalette::borrowedIsApartFromEveryOtherState_data()
{
    QTest::addColumn<int>("role");
    for (int role = 0; role < StatePalette::RoleCount; ++role) {
        if (role != StatePalette::Borrowed)
            QTest::newRow(qPrintable(u"role %1"_s.arg(role))) << role;
    }
}

// Walk-through 51b (F8): the ledger's bar drew the borrowed seats in a sky blue beside the deep
// blue of "in use, activity unknown", and the two read as one. A borrowed seat is told apart from
// every other state, as an area and as text, in the light and the dark theme.
void TestStatePalette::borrowedIsApartFromEveryOtherState()
{
    QFETCH(int, role);
    const auto other = StatePalette::Role(role);
    const double least = 20.0;
    // The seat bars and the ledger's legend draw fills side by side (walk 53, 1: the borrowed cyan
    // read as the teal of reserved idle seats, 23 apart).
    const double fills = labDistance(StatePalette::fill(StatePalette::Borrowed), StatePalette::fill(other));
    QVERIFY2(fills >= 35.0,
             qPrintable(u"fills %1 and %2: %3 apart"_s
                            .arg(StatePalette::fill(StatePalette::Borrowed).name(), StatePalette::fill(other).name())
                            .arg(fills)));
    for (const QPalette &palette : {lightPalette(), darkPalette()}) {
        const QColor borrowed = StatePalette::colour(StatePalette::Borrowed, palette);
        const QColor colour = StatePalette::colour(other, palette);
        QVERIFY2(labDistance(borrowed, colour) >= least,
                 qPrintable(
                     u"%1 and %2: %3 apart"_s.arg(borrowed.name(), colour.name()).arg(labDistance(borrowed, colour))));
    }
}

// Walk 27 (A3): in the usage chart the "Mean borrowed" line read as the peak's blue, and the
// borrowed fill, a sky blue, had 2.3:1 on the chart's white. A graphical mark wants 3:1 against what
// is behind it (WCAG 1.4.11), in either theme, and the line must not pass for the peak (Accent), the
// mean in use (Live), nor (walk 55, 5: the olive read as the 95th percentile's amber dots, now
// the peak's blue) the seats owned (Muted) or the true denials (Denied).
void TestStatePalette::borrowedStandsOutInTheUsageChart()
{
    const double least = 35.0;
    const QColor fill = StatePalette::fill(StatePalette::Borrowed);
    for (const auto other : {StatePalette::Accent, StatePalette::Live, StatePalette::Muted, StatePalette::Denied}) {
        const double apart = labDistance(fill, StatePalette::fill(other));
        QVERIFY2(
            apart >= least,
            qPrintable(u"fills %1 and %2: %3 apart"_s.arg(fill.name(), StatePalette::fill(other).name()).arg(apart)));
    }
    for (const QPalette &palette : {lightPalette(), darkPalette()}) {
        // The chart's own background (QChart's light or dark theme) and the page's base.
        QChart chart;
        chart.setTheme(StatePalette::isDark(palette) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
        QList<QColor> behind {palette.color(QPalette::Base), palette.color(QPalette::Window)};
        if (const QGradient *gradient = chart.backgroundBrush().gradient()) {
            for (const QGradientStop &stop : gradient->stops())
                behind.append(stop.second);
        } else {
            behind.append(chart.backgroundBrush().color());
        }
        // The chart draws the borrowed seats with their fill, the peak and the mean with their colours.
        const QColor line = fill;
        for (const QColor &against : std::as_const(behind)) {
            QVERIFY2(StatePalette::contrastRatio(fill, against) >= 3.0,
                     qPrintable(u"fill %1 on %2: %3:1"_s.arg(fill.name(), against.name())
                                    .arg(StatePalette::contrastRatio(fill, against))));
        }
        for (const auto other : {StatePalette::Accent, StatePalette::Live, StatePalette::Muted, StatePalette::Denied}) {
            const QColor colour = StatePalette::colour(other, palette);
            QVERIFY2(
                labDistance(line, colour) >= least,
                qPrintable(u"%1 and %2: %3 apart"_s.arg(line.name(), colour.name()).arg(labDistance(line, colour))));
        }
    }
}

void TestStatePalette::modelsAndDelegatesPaintWithThePaletteInUse()
{
    LicenseListModel model;
    LicenseList list;
    LicenseSummary license;
    license.id = u"render-farm"_s;
    license.seatCount = 2;
    license.inUse = 2;
    license.deniedLastHour = 3;
    list.licenses << license;
    model.applyList(list);
    const QModelIndex denied = model.index(0, LicenseListModel::DeniedColumn);

    QApplication::setPalette(lightPalette());
    const QColor light = denied.data(Qt::ForegroundRole).value<QBrush>().color();
    QCOMPARE(light, StatePalette::colour(StatePalette::Denied));
    // Areas (the seat bar) take the state's fill, the same mid-tone in either theme.
    QCOMPARE(SeatBarDelegate::colorFor(2, 2), StatePalette::fill(StatePalette::Denied));
    QCOMPARE(SeatBarDelegate::colorFor(1, 10), StatePalette::fill(StatePalette::Live));

    QApplication::setPalette(darkPalette());
    const QColor dark = denied.data(Qt::ForegroundRole).value<QBrush>().color();
    QVERIFY(dark != light);
    QCOMPARE(dark, StatePalette::colour(StatePalette::Denied));
    QVERIFY(StatePalette::contrastRatio(dark, QApplication::palette().color(QPalette::Base)) >= 4.5);
    QCOMPARE(SeatBarDelegate::colorFor(2, 2), StatePalette::fill(StatePalette::Denied));
}

// Walk 55, 1: free seats were drawn in the slate of a simulator sandbox's staged seats. The free
// track shows on the base (the license list) and on the window (the holders' bar, the legend) in
// either theme, and is never taken for the sandboxes' fill.
void TestStatePalette::freeSeatsShowInEitherThemeApartFromTheSandboxes()
{
    for (const QPalette &palette : {lightPalette(), darkPalette()}) {
        const QColor free = StatePalette::freeSeat(palette);
        for (const QPalette::ColorRole on : {QPalette::Base, QPalette::Window}) {
            const double ratio = StatePalette::contrastRatio(free, palette.color(on));
            QVERIFY2(ratio >= 1.2,
                     qPrintable(u"%1 on %2: %3:1"_s.arg(free.name(), palette.color(on).name()).arg(ratio)));
        }
        const QColor sandbox = StatePalette::fill(StatePalette::Sandbox);
        QVERIFY2(labDistance(free, sandbox) >= 20.0,
                 qPrintable(u"%1 and %2: %3 apart"_s.arg(free.name(), sandbox.name()).arg(labDistance(free, sandbox))));
    }
}

QTEST_MAIN(TestStatePalette)
#include "tst_statepalette.moc"
