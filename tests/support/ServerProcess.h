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
    // Serve from this PostgreSQL database (`--database URL`, the form PgTestDatabase::url() gives)
    // instead of the SQLite file in the data directory. Empty: SQLite.
    void setDatabase(const QString &url) { m_database = url; }
    QString database() const { return m_database; }
    // Shift this instance's own system clock by `offset` (the hidden --test-clock-offset-ms), as
    // a machine whose wall clock is off would be: in PostgreSQL mode the database clock must win.
    void setTestClockOffset(std::chrono::milliseconds offset) { m_testClockOffset = offset; }
    // Run the binary under libfaketime with this FAKETIME specification (such as "+3600", an hour
    // ahead) from the next start() on, its monotonic clocks faked too as libfaketime does by
    // default. Empty: the real clocks again.
    void setFakeTime(const QString &specification) { m_fakeTime = specification; }
    // The libfaketime library to preload, or an empty string when it is not installed.
    static QString fakeTimeLibrary();
    // Serve HTTPS with this PEM certificate (chain) and key (--tls-cert, --tls-key) from the next
    // start() on; url() is then https://. The fixture's own start-up probe accepts any certificate:
    // what a client trusts is the test's business. Empty strings: plain HTTP again.
    void setTls(const QString &certificateFile, const QString &keyFile);
    // A loopback port that was free a moment ago, below the kernel's ephemeral range so that no
    // connection takes it while a test restarts a server on it (0 when none could be found).
    static quint16 pickFreePort();

    bool start(QString *error = nullptr, std::chrono::milliseconds timeout = std::chrono::seconds {15});
    // SIGKILL: no chance to flush or close anything. Waits until the process is gone.
    void kill();
    // SIGTERM and wait for a clean exit.
    bool terminate(std::chrono::milliseconds timeout = std::chrono::seconds {10});
    // kill() then start() on the same port and data directory.
    bool restart(QString *error = nullptr);
    bool isRunning() const;
    // The process id while running, else 0 (for tests that look at the process from outside).
    qint64 processId() const;

    QUrl url() const; // http://127.0.0.1:<port>, or https:// with setTls()
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
    QString m_database;
    QString m_tlsCertificate;
    QString m_tlsKey;
    QString m_fakeTime;
    std::chrono::milliseconds m_testClockOffset {0};
    quint16 m_port = 0;
    QByteArray m_adminToken;
    QByteArray m_output;
};

} // namespace keyright
