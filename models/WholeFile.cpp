#include "WholeFile.h"

#include <QSaveFile>

namespace keyright {

bool WholeFile::save(const QString &path, const Writer &write, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    // Each step's result is checked: a buffered write can seem to succeed and fail at the flush.
    QString why;
    bool written = write(file, &why);
    if (written && !file.flush()) {
        written = false;
        why = file.errorString();
    }
    if (written && !file.commit()) {
        written = false;
        why = file.errorString();
    }
    if (written)
        return true;
    file.cancelWriting(); // the temporary file goes with `file`; the target is untouched
    if (error) {
        if (why.isEmpty())
            why = file.errorString();
        *error = tr("the writing stopped partway (%1). Nothing was saved: free some disk space or choose "
                    "another place.")
                     .arg(why);
    }
    return false;
}

} // namespace keyright
