#pragma once

#include "LeaseTableModel.h"
#include "StatePalette.h"
#include "wire/LedgerReport.h"

#include <QList>
#include <QPoint>
#include <QStringList>
#include <QWidget>

#include <optional>

class QGridLayout;
class QLabel;
class QMenu;
class QToolButton;

namespace keyright {

// The Seats page's seat ledger (issue 26): a bar split by where each seat of the selected license
// is (in use, idle, reserved and idle, free, ...), each part in its palette colour with its name
// and count as a tooltip, and beneath it the ledger's sentences (ledgerSentences), the same as
// `keyright explain`. The page computes the ledger from its listing with core's accountSeats.
// Where actions are offered (the Seats page's ledger of now, not a dispute's past one), a line
// naming seats someone holds has an "Actions" button (and the same menu on the line's context
// menu): revoke, or revoke and block, each of its holders; a line of idle or reserved seats, edit
// the rule. The bar only asks (the signals); the window confirms and carries it out.
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

    // What a line may offer, gated by the token's role as one (the revokes go together).
    enum class Action { Revoke, EditRule };

    explicit LedgerBar(QWidget *parent = nullptr);
    ~LedgerBar() override;

    // nullopt: nothing to account for (no license, or several selected): the bar hides.
    void setReport(const std::optional<LedgerReport> &report);
    // Sentences wrapped to the width rather than cut to sentenceLines lines each (with the whole in
    // a tooltip): for a pane that scrolls (the dispute panel), where the cut words are the ones a
    // support engineer came for. Off by default: the Seats page keeps its room for the holders.
    void setWrapping(bool wrap);
    static constexpr int sentenceLines = 2;
    bool wraps() const { return m_wrap; }
    const std::optional<LedgerReport> &report() const { return m_report; }

    // The parts of the bar as last laid out, left to right.
    QList<Segment> segments() const;
    QString sentenceText() const;
    QWidget *barWidget() const;

    // Off by default: a ledger of the past has nobody left to act on.
    void setActionsOffered(bool offered);
    // `toolTip` says, when not `enabled`, why (the role needed); empty otherwise.
    void setActionEnabled(Action action, bool enabled, const QString &toolTip = {});
    // The button of the ledger's line `line` (its index in the report's lines), or null when that
    // line offers nothing.
    QToolButton *lineButton(int line) const;
    // The menu of the line last opened (built afresh each time from the ledger shown then).
    QMenu *lineMenu() const { return m_menu; }
    // Opens the menu of `line` at `globalPos`, by default under its button (not waiting for it:
    // the window goes on polling). A right click opens it where the user clicked; the keyboard's
    // Menu key under the line's sentence.
    void showLineMenu(int line, std::optional<QPoint> globalPos = std::nullopt);
    // Where the line buttons sit in the keyboard's Tab order: after `before`, then `after` follows
    // the last of them (the Seats page: the holder filter, the buttons, the holders table). The
    // buttons are made as lines appear, after the page's widgets, so they need telling.
    void setTabNeighbours(QWidget *before, QWidget *after);
    // How often the lines' buttons and sentences were laid out again (a new ledger's content):
    // a poll that brings the same ledger costs nothing.
    int relayoutCount() const { return m_relayouts; }

    static StatePalette::Role roleOf(SeatLedger::Category category);
    // "in use", "idle", "reserved for cad, idle", ... (context "keyright::LedgerBar").
    static QString categoryName(SeatLedger::Category category, const QString &group = {});

Q_SIGNALS:
    void revokeRequested(const keyright::HeldSeat &seat, bool block);
    // The rule behind `category` (the idle seats' reclaim rule, or a reservation).
    void editRuleRequested(const QString &licenseId, keyright::SeatLedger::Category category);

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    class Bar;
    void refreshText();
    void elideLines();
    void updateButtons();
    void fillMenu(int line);
    void chainTabOrder();
    int lineOf(const QObject *widget) const;
    // Whether a line of `category` names holders a revoke frees, or a rule an admin may edit.
    static bool offersRevoke(SeatLedger::Category category);
    static bool offersRule(SeatLedger::Category category);

    struct Gate
    {
        bool enabled = false;
        QString toolTip;
    };

    std::optional<LedgerReport> m_report;
    Bar *m_bar;
    QWidget *m_sentences;
    QGridLayout *m_grid;
    // One per sentence shown, reused from one report to the next so that a focused button keeps
    // its focus across a poll.
    QList<QLabel *> m_labels;
    QList<QToolButton *> m_buttons;
    QMenu *m_menu;
    QStringList m_lines; // the sentences whole
    bool m_offered = false;
    bool m_wrap = false;
    Gate m_revoke;
    Gate m_editRule;
    QWidget *m_tabBefore = nullptr;
    QWidget *m_tabAfter = nullptr;
    int m_relayouts = 0;
};

} // namespace keyright
