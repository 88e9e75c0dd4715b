#pragma once

#include <QString>

#include <chrono>

namespace keyright::server {

// Where alert mail goes out (issue 29, docs/DEPLOYMENT.md "Alert mail"): the smtp-* settings.
// Apart from SmtpMailer so that ServerConfig carries them without the mailer's header. No mail is
// sent without a URL.
struct SmtpSettings
{
    // smtp://host[:port] (port 25 by default; 587 is the usual submission port): STARTTLS is
    // required, a server that does not offer it gets nothing in clear text. smtps://host[:port]
    // (465 by default): TLS from the first byte. Never holds a user or a password.
    QString url;
    QString from; // the envelope sender and the From header: a plain address, local@domain
    QString user; // empty: no AUTH
    QString passwordFile; // mode 0600; read at every send, its bytes wiped after it
    QString caFile; // PEM authorities the server's certificate must chain to; empty: the system's
    std::chrono::milliseconds timeout {std::chrono::seconds {30}}; // the whole exchange of one mail

    bool enabled() const { return !url.isEmpty(); }
};

} // namespace keyright::server
