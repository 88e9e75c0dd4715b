#pragma once

#include <QAbstractItemModel>
#include <QList>
#include <QObject>
#include <QString>

// Records every structural and data signal a model emits, as compact strings such as
// "insert 3-4", "remove 0-0", "change 2,5-2,6", "reset", so a test can assert the exact sequence.
class ModelSignals final : public QObject
{
public:
    explicit ModelSignals(QAbstractItemModel *model)
    {
        connect(model, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex &, int first, int last) {
            log << QStringLiteral("insert %1-%2").arg(first).arg(last);
        });
        connect(model, &QAbstractItemModel::rowsRemoved, this, [this](const QModelIndex &, int first, int last) {
            log << QStringLiteral("remove %1-%2").arg(first).arg(last);
        });
        connect(model, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex &tl, const QModelIndex &br) {
            log << QStringLiteral("change %1,%2-%3,%4").arg(tl.row()).arg(tl.column()).arg(br.row()).arg(br.column());
        });
        connect(model, &QAbstractItemModel::modelReset, this, [this] { log << QStringLiteral("reset"); });
        connect(model, &QAbstractItemModel::layoutChanged, this, [this] { log << QStringLiteral("layout"); });
    }

    QStringList log;
};
