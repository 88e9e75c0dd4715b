#pragma once

#include "wire/EventRecord.h"

#include <QList>

namespace keyright {

// A blocked or refused client retries every few seconds, and each try is an event: shown one row
// each, they bury the events that explain the dispute. This folds a run of identical denials
// (same kind, reason, license and holder, nothing else about that holder on that license in
// between) into
// its last event, which then stands for the whole run. The server keeps and counts every attempt;
// only the listing folds. The dashboard and the CLI both fold through this class, so they agree.
class DenialFolding
{
public:
    DenialFolding() = default;
    // `events` in ascending seq.
    explicit DenialFolding(const QList<EventRecord> &events);

    // How many events row `row` stands for: 0 when it is folded into a later row, 1 for a row on
    // its own.
    int count(qsizetype row) const { return row >= 0 && row < m_count.size() ? m_count.at(row) : 1; }
    bool isShown(qsizetype row) const { return count(row) > 0; }
    // The first event of the run `row` closes (row itself when it stands alone).
    qsizetype firstOf(qsizetype row) const { return row >= 0 && row < m_first.size() ? m_first.at(row) : row; }

    static bool isFoldable(EventKind kind) { return kind == EventKind::Denied || kind == EventKind::HolderBlocked; }

private:
    QList<int> m_count;
    QList<qsizetype> m_first;
};

} // namespace keyright
