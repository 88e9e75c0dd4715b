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

} // namespace

class TestStatePalette : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void everyStateIsReadable_data();
    void everyStateIsReadable();
    void contrastFollowsTheWcagFormula();
    void modelsAndDelegatesPaintWithThePaletteInUse();
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

QTEST_MAIN(TestStatePalette)
#include "tst_statepalette.moc"
