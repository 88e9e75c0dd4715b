#pragma once

#include "DisputeReconstruction.h"
#include "wire/LedgerReport.h"

#include <QWidget>

#include <optional>

class QLabel;
class QScrollArea;
class QVBoxLayout;
class QTreeWidget;

namespace keyright {

class LedgerBar;

// Who held every seat when a checkout was denied, with the share per holder on top: the screen that
// answers "we bought ten, why can only two of us run it?".
class DisputePanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DisputePanel)

public:
    explicit DisputePanel(QWidget *parent = nullptr);

    void showDispute(const Dispute &dispute);
    // Any other event, read whole: its kind as the title, its details wrapped (the table's Details
    // column cuts a long one, at 1280x720 and 150 % to a few words; walk 47), and `facts` (its
    // time, license, holder, actor) under them.
    void showEventDetails(const QString &title, const QString &details, const QString &facts);
    void clear();
    // The seat ledger at the denial's moment (GET .../ledger?at=, issue 26), under the holders:
    // every seat accounted for, idle ones included. nullopt hides it (asked for, or unavailable).
    void showLedger(const std::optional<LedgerReport> &report);
    LedgerBar *ledgerBar() const { return m_ledger; }

    const Dispute &dispute() const { return m_dispute; }
    // The holder shown on each row, in order (tests read it).
    QStringList shownHolders() const;
    QString summaryText() const;
    // The denial in one sentence (DisputeReconstruction::sentence), as shown.
    QString sentenceText() const;
    QString noteText() const;
    QTreeWidget *seatsView() const { return m_seats; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void fitSeatsHeight();
    void retranslate();
    void render();

    Dispute m_dispute;
    QString m_eventTitle; // showEventDetails(); empty: none shown
    QString m_eventDetails;
    QString m_eventFacts;
    QLabel *m_title;
    QLabel *m_sentence;
    QLabel *m_summary;
    QTreeWidget *m_seats;
    QLabel *m_note;
    LedgerBar *m_ledger;
    QScrollArea *m_scroll = nullptr;
    QVBoxLayout *m_layout = nullptr;
};

} // namespace keyright
