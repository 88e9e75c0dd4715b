#pragma once

#include <QString>
#include <QUrl>

#include <memory>

class QNetworkAccessManager;

namespace keyright {

class EmbeddedDemo;

// The embedded demo of the build being measured, as keyright-admin starts it. The one file of
// the bench that follows EmbeddedDemo's interface, so that the same measurements run on the
// build before and after a change to it (bench/compare-dashboard.sh).
class DemoUnderLoad final
{
public:
    explicit DemoUnderLoad(QNetworkAccessManager &network);
    ~DemoUnderLoad();
    DemoUnderLoad(const DemoUnderLoad &) = delete;
    DemoUnderLoad &operator=(const DemoUnderLoad &) = delete;

    // Returns once the demo server listens, or with why not.
    bool start(const QString &dataDir, QString *error);
    QUrl url() const;
    QString adminTokenPath() const;
    // As keyright-admin does when it quits.
    void stop();

private:
    std::unique_ptr<EmbeddedDemo> m_demo;
};

} // namespace keyright
