#pragma once

#include "TimelineStrip.h"
#include "simulator/SimulatedClient.h"

#include <QFrame>
#include <QPointer>

#include <chrono>

class QLabel;
class QPushButton;
class QSlider;

namespace keyright {

// One simulated client, side by side with the others: who it is and its clock offset (which the
// trainer can change while it runs), the clocks and the signed expiry, what it believes and what
// the server says, its timeline strip, and the actions a trainer plays on it.
class ClientRow final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClientRow)

public:
    explicit ClientRow(SimulatedClient *client, QWidget *parent = nullptr);

    SimulatedClient *client() const { return m_client; }
    // How far the Cut and Clock-back buttons go; the view sets them for every row.
    void setActionAmounts(std::chrono::seconds cut, std::chrono::minutes back);
    // `serverNow` is invalid while the server has not answered a poll.
    void refresh(const QDateTime &serverNow, const TimelineStrip::Axis &axis);

    // What the client believes; while idle reclaim has warned it, when its seat goes.
    QString beliefText() const;
    QString serverText() const;
    // A borrowing client's one sentence under its row: why the server would not lend it a seat, or
    // why its offline check refuses the borrowed lease now; empty otherwise.
    QString sentenceText() const;
    // The rule the row's client goes by: its keeper's expiry policy, or the offline check.
    QString policyText() const;
    // The local clock as shown, with its offset from the server in brackets ("(+1.5 s)").
    QString localClockText() const;
    // "Instance 2": the server instance its keeper talks to; empty without instances.
    QString instanceText() const;

    // The widths the row's name and facts columns (left of the strip) want for their text now
    // (hint), and the least they take (minimum).
    struct LeadWidths
    {
        int identityHint = 0;
        int identityMinimum = 0;
        int factsHint = 0;
        int factsMinimum = 0;
        LeadWidths widest(const LeadWidths &other) const;
        bool operator==(const LeadWidths &) const = default;
    };
    LeadWidths leadWidths() const;
    // Gives those columns these widths as theirs: the view gives every row the widest row's, so
    // the strips start at one x and one x is one time on every row, wide window or narrow.
    void setLeadWidths(const LeadWidths &widths);
    TimelineStrip *strip() const { return m_strip; }

Q_SIGNALS:
    void removeRequested(keyright::SimulatedClient *client);

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateOffsetLabel();
    void retranslateUi();

    QPointer<SimulatedClient> m_client;
    Qt::TimeSpec m_serverTimeSpec = Qt::LocalTime; // the server clock's as shown, for the reclaim time
    std::chrono::seconds m_cut {10};
    std::chrono::minutes m_back {2};
    QLabel *m_name = nullptr;
    QLabel *m_policy = nullptr;
    QLabel *m_instance = nullptr;
    QSlider *m_offset = nullptr;
    QLabel *m_offsetLabel = nullptr;
    QLabel *m_localClockCaption = nullptr;
    QLabel *m_serverClockCaption = nullptr;
    QLabel *m_expiryCaption = nullptr;
    QLabel *m_beliefCaption = nullptr;
    QLabel *m_serverCaption = nullptr;
    QLabel *m_localClock = nullptr;
    QLabel *m_serverClock = nullptr;
    QLabel *m_expiry = nullptr;
    QLabel *m_belief = nullptr;
    QLabel *m_server = nullptr;
    QLabel *m_network = nullptr;
    QLabel *m_sentence = nullptr;
    TimelineStrip *m_strip = nullptr;
    QPushButton *m_crash = nullptr;
    QPushButton *m_cutButton = nullptr;
    QPushButton *m_backButton = nullptr;
    QPushButton *m_release = nullptr;
    QPushButton *m_remove = nullptr;
    QWidget *m_identity = nullptr;
    QWidget *m_facts = nullptr;
};

} // namespace keyright
