#pragma once

#include <QString>

namespace keyright::server {

// One replica's component of one usage counter of one license: a row of the store's
// stat_components table. The value only grows.
struct StatComponent
{
    QString licenseId;
    QString counter; // granted, denied, released, revoked, reclaimed, renewed
    QString replicaId;
    quint64 value = 0;

    friend bool operator==(const StatComponent &, const StatComponent &) = default;
};

} // namespace keyright::server
