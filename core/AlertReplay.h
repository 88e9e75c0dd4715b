#pragma once

#include "AlertRules.h"
#include "UsageHistory.h"

#include <QDateTime>
#include <QList>

namespace keyright {

// The rule editor's preview (issue 29): when a rule would have fired over a license's usage
// history, replayed with the server's own measures and firing logic (measureSeatsInUse,
// measureDenials, stepAlert) on the history's buckets. Each bucket is evaluated at its start and
// at its end, so the answer is as fine as the buckets (an hour each for the preview): seats in use
// count as breached in a bucket when they stayed at or above the threshold for the rule's minutes
// within it (or for the whole bucket, for a hold longer than one), and denials are counted per
// bucket. The history answers only these two kinds; the others need state it does not keep.

// Whether usage history can answer a rule of this kind.
bool canReplayAlert(AlertKind kind);

struct AlertReplayFiring
{
    QDateTime at; // the start of the bucket in which it fired
    qint64 value = 0; // the measure that made it fire
    qint64 limit = 0;

    friend bool operator==(const AlertReplayFiring &, const AlertReplayFiring &) = default;
};

// The firings of `rule` over `buckets` (one license's, in time order, contiguous); none for a kind
// canReplayAlert() refuses.
QList<AlertReplayFiring> replayAlert(const AlertRule &rule, const QList<usage::Bucket> &buckets);

} // namespace keyright
