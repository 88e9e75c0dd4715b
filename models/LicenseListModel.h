#pragma once

#include "AdminTypes.h"

#include <QAbstractTableModel>
#include <QHash>

namespace keyright {

// The licenses of the connected server. applyList() turns a poll into the smallest set of row
// insertions, removals and dataChanged ranges, so selection and scroll position survive; only
// clear() (another server) resets.
class LicenseListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LicenseListModel)

public:
    enum Column { NameColumn, SeatsColumn, TtlColumn, SkewColumn, GraceColumn, DeniedColumn, ColumnCount };
    Q_ENUM(Column)
    enum Role {
        LicenseIdRole = Qt::UserRole + 1,
        SeatCountRole,
        InUseRole,
        SortRole, // a value that sorts naturally (numbers as numbers)
    };

    explicit LicenseListModel(QObject *parent = nullptr);
    ~LicenseListModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void applyList(const LicenseList &list);
    void clear();

    const LicenseSummary *license(const QString &id) const;
    const LicenseSummary &licenseAt(int row) const { return m_licenses.at(row); }
    int rowOf(const QString &id) const;
    QStringList licenseIds() const;

private:
    void rebuildIndex();

    QList<LicenseSummary> m_licenses;
    QHash<QString, int> m_rowById;
};

} // namespace keyright
