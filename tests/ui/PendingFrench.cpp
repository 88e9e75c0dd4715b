#include "PendingFrench.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace keyright::test {

QString PendingFrench::translate(const char *context, const char *source, const char *, int) const
{
    static const QHash<QString, QString> fr {
        {u"keyright::SimulatorView|Play scenario"_s, u"Lancer le scénario"_s},
        {u"keyright::SimulatorView|Pause"_s, u"Pause"_s},
        {u"keyright::SimulatorView|Run"_s, u"Reprendre"_s},
        {u"keyright::SimulatorView|Preparing the scenario's own licenses…"_s,
         u"Préparation des licences du scénario…"_s},
    };
    return fr.value(QString::fromUtf8(context) + u'|' + QString::fromUtf8(source));
}

bool PendingFrench::isEmpty() const
{
    return false;
}

} // namespace keyright::test
