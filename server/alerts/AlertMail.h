#pragma once

#include "alerts/SmtpMailer.h"
#include "wire/AlertWebhook.h"

namespace keyright::server {

// The mail an email endpoint gets for one delivery of the outbox (issue 29): the subject names the
// alert, what happened to it and the license; the plain-text body says it in a sentence, then the
// rule, the license, when, the numbers, and what to do about it. English only, as the server's log.
MailMessage alertMail(const alerts::webhook::Payload &payload, const QStringList &to);

} // namespace keyright::server
