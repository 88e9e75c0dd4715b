#pragma once

#include <QStringList>

namespace keyright::server {

// `keyright-server backup` and `keyright-server restore` (docs/DEPLOYMENT.md, "Backup and
// restore"). `arguments` are the process's, the command word included ("keyright-server backup
// --to FILE ..."); the store is found from --config, --data-dir and --listen as the server finds
// it. Prints what was done on stdout, a refusal naming the problem on stderr; returns the exit
// status (0 done, 1 refused or failed, 2 a usage error).
//
// backup: a running server (it holds its store's lock) is asked over HTTP, POST /v1/admin/backup
// with the admin token of the data directory (or --token-file); a store no server holds is copied
// from its file. Either way SQLite's online backup API makes the copy, and FILE is written 0600,
// atomically.
//
// restore: refused while a server runs on the data directory (its lock file or the store's lock)
// and for a file that is not a whole Keyright store of a schema this server understands; then the
// store (and, with --include-key, the signing key) is put in place atomically, 0600.
int runStoreBackupCommand(const QStringList &arguments, const QString &defaultDataDir);

// Whether `word` names one of these commands ("backup", "restore").
bool isStoreBackupCommand(const QString &word);

} // namespace keyright::server
