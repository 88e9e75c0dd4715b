#pragma once

#include <QByteArray>
#include <QObject>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>
#include <QUrl>

#include <chrono>
#include <memory>

namespace keyright {

// The real keyright-server binary as a child process on 127.0.0.1, a free port and a temporary
// data directory (or one the test gives). start() waits, within a bound, until /v1/health
// answers; kill() is kill -9; restart() brings it back on the same port and data directory, as
// an operator restarting a crashed server would.
class ServerProcess final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServerProcess)

public:
    explicit ServerProcess(QObject *parent = nullptr);
    ~ServerProcess() override;

    // The built keyright-server (KEYRIGHT_SERVER_BINARY, else KEYRIGHT_BINARY_DIR/server/...).
    static QString binaryPath();

    // Extra command-line arguments for the next start(), such as {"--demo"}.
    void setExtraArguments(const QStringList &arguments) { m_extraArguments = arguments; }
    // Use this data directory instead of a temporary one (before the first start()).
    void setDataDir(const QString &dir) { m_dataDir = dir; }
    // Listen on this port instead of one picked at the first start(): for servers that must know
    // each other's URLs before they start (peers).
    void setPort(quint16 port) { m_port = port; }
    // A loopback port that was free a moment ago (0 when none could be found).
    static quint16 pickFreePort();

    bool start(QString *error = nullptr, std::chrono::milliseconds timeout = std::chrono::seconds {15});
    // SIGKILL: no chance to flush or close anything. Waits until the process is gone.
    void kill();
    // SIGTERM and wait for a clean exit.
    bool terminate(std::chrono::milliseconds timeout = std::chrono::seconds {10});
    // kill() then start() on the same port and data directory.
    bool restart(QString *error = nullptr);
    bool isRunning() const;
    // The server's process id (0 when not running), for reading its /proc/PID/status.
    qint64 processId() const { return m_process ? m_process->processId() : 0; }

    QUrl url() const; // http://127.0.0.1:<port>
    quint16 port() const { return m_port; }
    QString dataDir() const { return m_dataDir; }
    QString adminTokenPath() const;
    // The admin token read from the data directory (after start()).
    QByteArray adminToken() const { return m_adminToken; }
    // Everything the process wrote to stdout and stderr so far.
    QString output() const;

    // Runs the binary with `arguments` to completion (for refusals and --help); returns its exit
    // code, or -1 when it did not finish within the timeout.
    static int run(const QStringList &arguments, QString *output,
                   std::chrono::milliseconds timeout = std::chrono::seconds {15});

private:
    bool waitForHealth(std::chrono::milliseconds timeout, QString *error);
    void collectOutput();

    std::unique_ptr<QTemporaryDir> m_tempDir;
    std::unique_ptr<QProcess> m_process;
    QString m_dataDir;
    QStringList m_extraArguments;
    quint16 m_port = 0;
    QByteArray m_adminToken;
    QByteArray m_output;
};

} // namespace keyright
