#pragma once

#include "StatePalette.h"
#include "wire/LedgerReport.h"

#include <QList>
#include <QStringList>
#include <QWidget>

#include <optional>

class QLabel;

namespace keyright {

// The Seats page's seat ledger (issue 26): a bar split by where each seat of the selected license
// is (in use, idle, reserved and idle, free, ...), each part in its palette colour with its name
// and count as a tooltip, and beneath it the ledger's sentences (ledgerSentences), the same as
// `keyright explain`. The page computes the ledger from its listing with core's accountSeats.
class LedgerBar final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LedgerBar)

public:
    struct Segment
    {
        SeatLedger::Category category = SeatLedger::Category::Free;
        QString group;
        int seats = 0;
        QRectF rect; // in the bar's coordinates
    };

    explicit LedgerBar(QWidget *parent = nullptr);
    ~LedgerBar() override;

    // nullopt: nothing to account for (no license, or several selected): the bar hides.
    void setReport(const std::optional<LedgerReport> &report);
    const std::optional<LedgerReport> &report() const { return m_report; }

    // The parts of the bar as last laid out, left to right.
    QList<Segment> segments() const;
    QString sentenceText() const;
    QWidget *barWidget() const;

    static StatePalette::Role roleOf(SeatLedger::Category category);
    // "in use", "idle", "reserved for cad, idle", ... (context "keyright::LedgerBar").
    static QString categoryName(SeatLedger::Category category, const QString &group = {});

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    class Bar;
    void refreshText();
    void elideLines();

    std::optional<LedgerReport> m_report;
    Bar *m_bar;
    QLabel *m_sentences;
    QStringList m_lines; // the sentences whole
};

} // namespace keyright
