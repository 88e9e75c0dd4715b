<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
    <context>
        <name>ConnectionProfileStore</name>
        <message>
            <source>Cannot create the folder %1</source>
            <translation>Impossible de créer le dossier %1</translation>
        </message>
        <message>
            <source>The profile has no admin token</source>
            <translation>Le profil n'a pas de jeton d'administration</translation>
        </message>
    </context>
    <context>
        <name>LanguageManager</name>
        <message>
            <source>System language</source>
            <translation>Langue du système</translation>
        </message>
    </context>
    <context>
        <name>keyright::ConnectionDialog</name>
        <message>
            <source>Token &amp;file:</source>
            <translation>&amp;Fichier du jeton :</translation>
        </message>
        <message>
            <source>&amp;Paste the token:</source>
            <translation>&amp;Coller le jeton :</translation>
        </message>
        <message>
            <source>&amp;Save</source>
            <translation>&amp;Enregistrer</translation>
        </message>
        <message>
            <source>&amp;Delete</source>
            <translation>&amp;Supprimer</translation>
        </message>
        <message>
            <source>&amp;Connect</source>
            <translation>Se &amp;connecter</translation>
        </message>
        <message>
            <source>Connect to a lease server</source>
            <translation>Se connecter à un serveur de baux</translation>
        </message>
        <message>
            <source>https://licenses.example.com:7400</source>
            <translation>https://licences.exemple.fr:7400</translation>
        </message>
        <message>
            <source>the server's admin-token file</source>
            <translation>le fichier admin-token du serveur</translation>
        </message>
        <message>
            <source>64 hex characters</source>
            <translation>64 caractères hexadécimaux</translation>
        </message>
        <message>
            <source>Browse…</source>
            <translation>Parcourir…</translation>
        </message>
        <message>
            <source>&amp;Name:</source>
            <translation>&amp;Nom :</translation>
        </message>
        <message>
            <source>Server &amp;URL:</source>
            <translation>&amp;URL du serveur :</translation>
        </message>
        <message>
            <source>&amp;New</source>
            <translation>&amp;Nouveau</translation>
        </message>
        <message>
            <source>Use the &amp;embedded demo server</source>
            <translation>Utiliser le serveur de démonstration &amp;intégré</translation>
        </message>
        <message>
            <source>Admin token file</source>
            <translation>Fichier du jeton d'administration</translation>
        </message>
        <message>
            <source>stored privately; type a new one to replace it</source>
            <translation>conservé en privé ; saisissez-en un nouveau pour le remplacer</translation>
        </message>
        <message>
            <source>The token is kept in a private file and is not shown.</source>
            <translation>Le jeton est conservé dans un fichier privé et n'est pas affiché.</translation>
        </message>
        <message>
            <source>Give the profile a name.</source>
            <translation>Donnez un nom au profil.</translation>
        </message>
        <message>
            <source>The server URL must be http:// or https:// followed by a host.</source>
            <translation>L'URL du serveur doit commencer par http:// ou https:// suivi d'un hôte.</translation>
        </message>
        <message>
            <source>Paste the admin token, or choose the token file.</source>
            <translation>Collez le jeton d'administration ou choisissez le fichier du jeton.</translation>
        </message>
        <message>
            <source>Could not store the token: %1</source>
            <translation>Impossible d'enregistrer le jeton : %1</translation>
        </message>
        <message>
            <source>Choose the admin token file, or paste the token.</source>
            <translation>Choisissez le fichier du jeton d'administration ou collez le jeton.</translation>
        </message>
    </context>
    <context>
        <name>keyright::DashboardSession</name>
        <message>
            <source>Server unreachable: %1</source>
            <translation>Serveur injoignable : %1</translation>
        </message>
        <message>
            <source>TLS error: %1</source>
            <translation>Erreur TLS : %1</translation>
        </message>
        <message>
            <source>Unauthorized: the server refused the admin token. Check the connection profile.</source>
            <translation>Accès refusé : le serveur a rejeté le jeton d'administration. Vérifiez le profil de connexion.</translation>
        </message>
        <message>
            <source>The server failed (HTTP %1): %2</source>
            <translation>Le serveur a échoué (HTTP %1) : %2</translation>
        </message>
        <message>
            <source>Unexpected answer from the server: %1</source>
            <translation>Réponse inattendue du serveur : %1</translation>
        </message>
        <message>
            <source>Request failed (HTTP %1)</source>
            <translation>La requête a échoué (HTTP %1)</translation>
        </message>
    </context>
    <context>
        <name>keyright::DisputePanel</name>
        <message>
            <source>in %1 s</source>
            <translation>dans %1 s</translation>
        </message>
        <message>
            <source>%1 s ago</source>
            <translation>il y a %1 s</translation>
        </message>
        <message>
            <source>Select a &lt;b&gt;denied&lt;/b&gt; event to see who held every seat at that moment.</source>
            <translation>Sélectionnez un événement &lt;b&gt;refusé&lt;/b&gt; pour voir qui détenait chaque siège à cet instant.</translation>
        </message>
        <message numerus="yes">
            <source>%1 (%n seat(s))</source>
            <translation>
                <numerusform>%1 (%n siège)</numerusform>
                <numerusform>%1 (%n sièges)</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>At &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; was refused a seat of &lt;b&gt;%3&lt;/b&gt;: &lt;b&gt;%4 of %5&lt;/b&gt; seats were held, by %n holder(s): %6.</source>
            <translation>
                <numerusform>Le &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; s’est vu refuser un siège de &lt;b&gt;%3&lt;/b&gt; : &lt;b&gt;%4 sur %5&lt;/b&gt; sièges étaient pris, par %n détenteur : %6.</numerusform>
                <numerusform>Le &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; s’est vu refuser un siège de &lt;b&gt;%3&lt;/b&gt; : &lt;b&gt;%4 sur %5&lt;/b&gt; sièges étaient pris, par %n détenteurs : %6.</numerusform>
            </translation>
        </message>
        <message>
            <source>%1 held %2 seats at once: one per running instance, or seats left by sessions that did not end.</source>
            <translation>%1 détenait %2 sièges à la fois : un par instance lancée, ou des sièges laissés par des sessions mal terminées.</translation>
        </message>
        <message>
            <source>not counted: lapsed without a release</source>
            <translation>non compté : expiré sans libération</translation>
        </message>
        <message>
            <source>counted within the skew tolerance</source>
            <translation>compté grâce à la tolérance de décalage</translation>
        </message>
        <message>
            <source>granted before the loaded events</source>
            <translation>accordé avant les événements chargés</translation>
        </message>
        <message>
            <source>counted</source>
            <translation>compté</translation>
        </message>
        <message>
            <source>Seats as listed by the server at the denial, checked against the replayed grants and releases.</source>
            <translation>Sièges tels que le serveur les a listés au moment du refus, recoupés avec les attributions et libérations rejouées.</translation>
        </message>
        <message>
            <source>Rebuilt from the grants, releases, revocations and reaps before the denial.</source>
            <translation>Reconstitué à partir des attributions, libérations, révocations et nettoyages antérieurs au refus.</translation>
        </message>
        <message numerus="yes">
            <source>%n seat(s) granted earlier were never released: their applications stopped without releasing; they no longer counted.</source>
            <translation>
                <numerusform>%n siège attribué plus tôt n'a jamais été libéré : son application s'est arrêtée sans le rendre ; il n'était plus compté.</numerusform>
                <numerusform>%n sièges attribués plus tôt n'ont jamais été libérés : leurs applications se sont arrêtées sans les rendre ; ils n'étaient plus comptés.</numerusform>
            </translation>
        </message>
        <message>
            <source>Who held the seats</source>
            <translation>Qui détenait les sièges</translation>
        </message>
        <message>
            <source>Holder</source>
            <translation>Détenteur</translation>
        </message>
        <message>
            <source>Seat</source>
            <translation>Siège</translation>
        </message>
        <message>
            <source>Gen.</source>
            <translation>Gén.</translation>
        </message>
        <message>
            <source>Since</source>
            <translation>Depuis</translation>
        </message>
        <message>
            <source>Expiry</source>
            <translation>Expiration</translation>
        </message>
        <message>
            <source>Note</source>
            <translation>Remarque</translation>
        </message>
    </context>
    <context>
        <name>keyright::EmbeddedDemo</name>
        <message>
            <source>Cannot create the folder %1</source>
            <translation>Impossible de créer le dossier %1</translation>
        </message>
    </context>
    <context>
        <name>keyright::ErrorBanner</name>
        <message>
            <source>Retry now</source>
            <translation>Réessayer</translation>
        </message>
    </context>
    <context>
        <name>keyright::EventLogModel</name>
        <message>
            <source>granted</source>
            <translation>accordé</translation>
        </message>
        <message>
            <source>denied</source>
            <translation>refusé</translation>
        </message>
        <message>
            <source>released</source>
            <translation>libéré</translation>
        </message>
        <message>
            <source>renewal refused</source>
            <translation>renouvellement refusé</translation>
        </message>
        <message>
            <source>revoked</source>
            <translation>révoqué</translation>
        </message>
        <message>
            <source>reaped</source>
            <translation>nettoyé</translation>
        </message>
        <message>
            <source>license created</source>
            <translation>licence créée</translation>
        </message>
        <message>
            <source>license updated</source>
            <translation>licence modifiée</translation>
        </message>
        <message>
            <source>key rotated</source>
            <translation>clé renouvelée</translation>
        </message>
        <message>
            <source>holder blocked</source>
            <translation>détenteur bloqué</translation>
        </message>
        <message>
            <source>generation %1, %2 of %3 seats in use</source>
            <translation>génération %1, %2 sièges utilisés sur %3</translation>
        </message>
        <message>
            <source>all %1 seats taken (%2 in use, %3 holders listed)</source>
            <translation>les %1 sièges sont pris (%2 utilisés, %3 détenteurs listés)</translation>
        </message>
        <message>
            <source>blocked until %1</source>
            <translation>bloqué jusqu'à %1</translation>
        </message>
        <message>
            <source>expired at %1</source>
            <translation>expiré à %1</translation>
        </message>
        <message>
            <source>%1 seats, TTL %2 s, skew %3 s, grace %4 s</source>
            <translation>%1 sièges, durée %2 s, décalage %3 s, délai de grâce %4 s</translation>
        </message>
        <message>
            <source>Select a denial to see who held every seat at that moment</source>
            <translation>Sélectionnez un refus pour voir qui détenait chaque siège à cet instant</translation>
        </message>
        <message>
            <source>Time</source>
            <translation>Heure</translation>
        </message>
        <message>
            <source>Event</source>
            <translation>Événement</translation>
        </message>
        <message>
            <source>License</source>
            <translation>Licence</translation>
        </message>
        <message>
            <source>Holder</source>
            <translation>Détenteur</translation>
        </message>
        <message>
            <source>Seat</source>
            <translation>Siège</translation>
        </message>
        <message>
            <source>By</source>
            <translation>Par</translation>
        </message>
        <message>
            <source>Details</source>
            <translation>Détails</translation>
        </message>
    </context>
    <context>
        <name>keyright::EventsPage</name>
        <message numerus="yes">
            <source>%n event(s)</source>
            <translation>
                <numerusform>%n événement</numerusform>
                <numerusform>%n événements</numerusform>
            </translation>
        </message>
        <message>
            <source>Export events</source>
            <translation>Exporter les événements</translation>
        </message>
        <message>
            <source>CSV files (*.csv)</source>
            <translation>Fichiers CSV (*.csv)</translation>
        </message>
        <message>
            <source>Could not write %1: %2</source>
            <translation>Impossible d'écrire %1 : %2</translation>
        </message>
        <message>
            <source>License:</source>
            <translation>Licence :</translation>
        </message>
        <message>
            <source>Holder:</source>
            <translation>Détenteur :</translation>
        </message>
        <message>
            <source>Event:</source>
            <translation>Événement :</translation>
        </message>
        <message>
            <source>any holder</source>
            <translation>n'importe quel détenteur</translation>
        </message>
        <message>
            <source>From</source>
            <translation>Du</translation>
        </message>
        <message>
            <source>to</source>
            <translation>au</translation>
        </message>
        <message>
            <source>Export CSV…</source>
            <translation>Exporter en CSV…</translation>
        </message>
        <message>
            <source>Save the events the filters show as a CSV file</source>
            <translation>Enregistrer les événements affichés par les filtres dans un fichier CSV</translation>
        </message>
        <message>
            <source>All events</source>
            <translation>Tous les événements</translation>
        </message>
        <message>
            <source>Denials</source>
            <translation>Refus</translation>
        </message>
        <message>
            <source>Grants</source>
            <translation>Attributions</translation>
        </message>
        <message>
            <source>Releases</source>
            <translation>Libérations</translation>
        </message>
        <message>
            <source>Revocations and blocks</source>
            <translation>Révocations et blocages</translation>
        </message>
        <message>
            <source>Reaps and refused renewals</source>
            <translation>Nettoyages et renouvellements refusés</translation>
        </message>
        <message>
            <source>Seats changing hands</source>
            <translation>Sièges qui changent de mains</translation>
        </message>
        <message>
            <source>License changes</source>
            <translation>Modifications de licence</translation>
        </message>
        <message>
            <source>All licenses</source>
            <translation>Toutes les licences</translation>
        </message>
    </context>
    <context>
        <name>keyright::KeyRevealDialog</name>
        <message>
            <source>&amp;Copy</source>
            <translation>&amp;Copier</translation>
        </message>
        <message>
            <source>License key for %1</source>
            <translation>Clé de licence de %1</translation>
        </message>
        <message>
            <source>&lt;b&gt;Copy this key now.&lt;/b&gt; It is shown only once: the server keeps only a hash of it. Applications use it to check out seats of &lt;b&gt;%1&lt;/b&gt;.</source>
            <translation>&lt;b&gt;Copiez cette clé maintenant.&lt;/b&gt; Elle n'est affichée qu'une fois : le serveur n'en garde qu'une empreinte. Les applications s'en servent pour prendre des sièges de &lt;b&gt;%1&lt;/b&gt;.</translation>
        </message>
        <message>
            <source>Copied</source>
            <translation>Copiée</translation>
        </message>
    </context>
    <context>
        <name>keyright::LeaseTableModel</name>
        <message>
            <source>%1 left</source>
            <translation>encore %1</translation>
        </message>
        <message>
            <source>blocked</source>
            <translation>bloqué</translation>
        </message>
        <message>
            <source>expired %1 ago</source>
            <translation>expiré depuis %1</translation>
        </message>
        <message>
            <source>live</source>
            <translation>actif</translation>
        </message>
        <message>
            <source>expired, awaiting reap</source>
            <translation>expiré, en attente de nettoyage</translation>
        </message>
        <message>
            <source>%1 is blocked from this license until %2</source>
            <translation>%1 est exclu de cette licence jusqu'au %2</translation>
        </message>
        <message>
            <source>%1 is blocked from this license until %2: %3</source>
            <translation>%1 est exclu de cette licence jusqu'au %2 : %3</translation>
        </message>
        <message>
            <source>Seat granted at %1</source>
            <translation>Siège accordé le %1</translation>
        </message>
        <message>
            <source>Held since at least %1 (the grant is older than the events loaded)</source>
            <translation>Détenu depuis au moins le %1 (l'attribution est plus ancienne que les événements chargés)</translation>
        </message>
        <message>
            <source>Signed expiry, UTC: %1</source>
            <translation>Expiration signée, UTC : %1</translation>
        </message>
        <message>
            <source>Time left before the signed expiry, on the server's clock</source>
            <translation>Temps restant avant l'expiration signée, selon l'horloge du serveur</translation>
        </message>
        <message>
            <source>Fencing token: grows with every grant on this license</source>
            <translation>Jeton d'exclusion : augmente à chaque attribution sur cette licence</translation>
        </message>
        <message>
            <source>The seat counts against the license</source>
            <translation>Le siège est décompté de la licence</translation>
        </message>
        <message>
            <source>The lease expired; the seat no longer counts. The reaper deletes the row from %1.</source>
            <translation>Le bail a expiré ; le siège n'est plus compté. Le nettoyeur supprime la ligne à partir du %1.</translation>
        </message>
        <message>
            <source>The signature verifies against the server's public key</source>
            <translation>La signature est valide pour la clé publique du serveur</translation>
        </message>
        <message>
            <source>The signature does NOT verify against the server's public key: this lease was altered</source>
            <translation>La signature n'est PAS valide pour la clé publique du serveur : ce bail a été modifié</translation>
        </message>
        <message>
            <source>Holder</source>
            <translation>Détenteur</translation>
        </message>
        <message>
            <source>License</source>
            <translation>Licence</translation>
        </message>
        <message>
            <source>Seat</source>
            <translation>Siège</translation>
        </message>
        <message>
            <source>Gen.</source>
            <translation>Gén.</translation>
        </message>
        <message>
            <source>Held since</source>
            <translation>Détenu depuis</translation>
        </message>
        <message>
            <source>Expires at</source>
            <translation>Expire le</translation>
        </message>
        <message>
            <source>Expires in</source>
            <translation>Expire dans</translation>
        </message>
        <message>
            <source>State</source>
            <translation>État</translation>
        </message>
        <message>
            <source>Sig.</source>
            <translation>Sig.</translation>
        </message>
    </context>
    <context>
        <name>keyright::LicenseDialog</name>
        <message>
            <source> s</source>
            <translation> s</translation>
        </message>
        <message>
            <source>New license</source>
            <translation>Nouvelle licence</translation>
        </message>
        <message>
            <source>Edit license %1</source>
            <translation>Modifier la licence %1</translation>
        </message>
        <message>
            <source>e.g. acme-cad</source>
            <translation>par ex. acme-cad</translation>
        </message>
        <message>
            <source>e.g. ACME CAD</source>
            <translation>par ex. ACME CAD</translation>
        </message>
        <message>
            <source>License &amp;id:</source>
            <translation>&amp;Identifiant de licence :</translation>
        </message>
        <message>
            <source>&amp;Name:</source>
            <translation>&amp;Nom :</translation>
        </message>
        <message>
            <source>&amp;Seats:</source>
            <translation>&amp;Sièges :</translation>
        </message>
        <message>
            <source>Lease &amp;TTL:</source>
            <translation>&amp;Durée du bail :</translation>
        </message>
        <message>
            <source>Clock s&amp;kew tolerated:</source>
            <translation>Décalage d’horloge &amp;toléré :</translation>
        </message>
        <message>
            <source>Reap &amp;grace:</source>
            <translation>Délai de &amp;grâce avant nettoyage :</translation>
        </message>
        <message>
            <source>How long a lease lasts without a heartbeat. Clients renew at about a third of it.</source>
            <translation>Durée de vie d’un bail sans battement. Les clients le renouvellent vers le tiers de cette durée.</translation>
        </message>
        <message>
            <source>How long an expired lease still counts, to absorb clock differences.</source>
            <translation>Combien de temps un bail expiré compte encore, pour absorber les écarts d’horloge.</translation>
        </message>
        <message>
            <source>How long after its expiry the reaper deletes a lease row. Must exceed the skew.</source>
            <translation>Délai après l’expiration au bout duquel le nettoyeur supprime la ligne du bail. Doit dépasser le décalage.</translation>
        </message>
        <message>
            <source>Create</source>
            <translation>Créer</translation>
        </message>
        <message>
            <source>Save</source>
            <translation>Enregistrer</translation>
        </message>
        <message>
            <source>Enter a license id.</source>
            <translation>Saisissez un identifiant de licence.</translation>
        </message>
        <message>
            <source>The license id may use lowercase letters, digits and dashes (not first), at most 64 characters.</source>
            <translation>L'identifiant de licence peut contenir des minuscules, des chiffres et des tirets (pas en premier), 64 caractères au plus.</translation>
        </message>
        <message>
            <source>A license with the id "%1" already exists.</source>
            <translation>Une licence d'identifiant « %1 » existe déjà.</translation>
        </message>
        <message>
            <source>Enter a name people will recognize.</source>
            <translation>Saisissez un nom que chacun reconnaîtra.</translation>
        </message>
        <message>
            <source>The name may have at most %1 characters.</source>
            <translation>Le nom peut compter au plus %1 caractères.</translation>
        </message>
        <message>
            <source>The name may not contain control characters.</source>
            <translation>Le nom ne doit pas contenir de caractères de contrôle.</translation>
        </message>
        <message>
            <source>The reap grace (%1 s) must be longer than the skew (%2 s): otherwise the reaper could delete a seat the server still counts.</source>
            <translation>Le délai de grâce (%1 s) doit dépasser le décalage toléré (%2 s) : sinon le nettoyeur pourrait supprimer un siège que le serveur compte encore.</translation>
        </message>
        <message>
            <source>Clients will renew about every %1 s; a crashed client's seat is free after %2 s and its row is reaped after %3 s.</source>
            <translation>Les clients renouvelleront environ toutes les %1 s ; le siège d'un client planté est libre au bout de %2 s et sa ligne est nettoyée au bout de %3 s.</translation>
        </message>
    </context>
    <context>
        <name>keyright::LicenseListModel</name>
        <message>
            <source>%1 / %2</source>
            <translation>%1 / %2</translation>
        </message>
        <message>
            <source>License id: %1</source>
            <translation>Identifiant de licence : %1</translation>
        </message>
        <message>
            <source>%1 of %2 seats in use (live leases only)</source>
            <translation>%1 sièges utilisés sur %2 (baux actifs seulement)</translation>
        </message>
        <message>
            <source>Lease lifetime: a client must renew within this time</source>
            <translation>Durée du bail : un client doit le renouveler dans ce délai</translation>
        </message>
        <message>
            <source>Clock skew tolerated: a lease still counts this long after it expires</source>
            <translation>Décalage d'horloge toléré : un bail compte encore tout ce temps après son expiration</translation>
        </message>
        <message>
            <source>Reap grace: an expired row is deleted this long after it expires</source>
            <translation>Délai de grâce : une ligne expirée est supprimée tout ce temps après son expiration</translation>
        </message>
        <message>
            <source>Checkouts refused in the last hour because every seat was taken</source>
            <translation>Demandes de siège refusées dans la dernière heure faute de siège libre</translation>
        </message>
        <message>
            <source>License</source>
            <translation>Licence</translation>
        </message>
        <message>
            <source>Seats</source>
            <translation>Sièges</translation>
        </message>
        <message>
            <source>TTL</source>
            <translation>Durée</translation>
        </message>
        <message>
            <source>Skew</source>
            <translation>Décalage</translation>
        </message>
        <message>
            <source>Grace</source>
            <translation>Grâce</translation>
        </message>
        <message>
            <source>Denied (1 h)</source>
            <translation>Refus (1 h)</translation>
        </message>
        <message>
            <source>Denials in the last hour</source>
            <translation>Refus dans la dernière heure</translation>
        </message>
    </context>
    <context>
        <name>keyright::MainWindow</name>
        <message>
            <source>About Keyright admin</source>
            <translation>À propos de Keyright admin</translation>
        </message>
        <message>
            <source>&lt;h3&gt;Keyright admin %1&lt;/h3&gt;&lt;p&gt;Floating-license seats as signed leases: who holds each seat, until when, and why a checkout was refused.&lt;/p&gt;</source>
            <translation>&lt;h3&gt;Keyright admin %1&lt;/h3&gt;&lt;p&gt;Les sièges de licence flottante sous forme de baux signés : qui détient chaque siège, jusqu'à quand, et pourquoi une demande a été refusée.&lt;/p&gt;</translation>
        </message>
        <message>
            <source>Keyright admin</source>
            <translation>Keyright admin</translation>
        </message>
        <message>
            <source>Seats</source>
            <translation>Sièges</translation>
        </message>
        <message>
            <source>Events and disputes</source>
            <translation>Événements et litiges</translation>
        </message>
        <message>
            <source>&amp;Server</source>
            <translation>&amp;Serveur</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>&amp;Affichage</translation>
        </message>
        <message>
            <source>&amp;Licenses</source>
            <translation>&amp;Licences</translation>
        </message>
        <message>
            <source>&amp;Holders</source>
            <translation>&amp;Détenteurs</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>&amp;Aide</translation>
        </message>
        <message>
            <source>&amp;Poll every</source>
            <translation>&amp;Interroger toutes les</translation>
        </message>
        <message>
            <source>&amp;Language</source>
            <translation>&amp;Langue</translation>
        </message>
        <message>
            <source>Main toolbar</source>
            <translation>Barre d'outils principale</translation>
        </message>
        <message>
            <source>&amp;Connect to a server…</source>
            <translation>Se &amp;connecter à un serveur…</translation>
        </message>
        <message>
            <source>Connect</source>
            <translation>Connexion</translation>
        </message>
        <message>
            <source>Use the &amp;embedded demo server</source>
            <translation>Utiliser le serveur de démonstration &amp;intégré</translation>
        </message>
        <message>
            <source>&amp;Export events as CSV…</source>
            <translation>&amp;Exporter les événements en CSV…</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>&amp;Quitter</translation>
        </message>
        <message>
            <source>&amp;Refresh</source>
            <translation>&amp;Actualiser</translation>
        </message>
        <message>
            <source>Poll the server now (F5)</source>
            <translation>Interroger le serveur maintenant (F5)</translation>
        </message>
        <message>
            <source>&amp;Filter holders</source>
            <translation>&amp;Filtrer les détenteurs</translation>
        </message>
        <message>
            <source>&amp;New license…</source>
            <translation>&amp;Nouvelle licence…</translation>
        </message>
        <message>
            <source>New license</source>
            <translation>Nouvelle licence</translation>
        </message>
        <message>
            <source>&amp;Edit license…</source>
            <translation>&amp;Modifier la licence…</translation>
        </message>
        <message>
            <source>Edit</source>
            <translation>Modifier</translation>
        </message>
        <message>
            <source>Rotate license &amp;key…</source>
            <translation>Renouveler la &amp;clé de licence…</translation>
        </message>
        <message>
            <source>&amp;Revoke seat…</source>
            <translation>&amp;Révoquer le siège…</translation>
        </message>
        <message>
            <source>Revoke</source>
            <translation>Révoquer</translation>
        </message>
        <message>
            <source>Revoke the selected seat (Delete)</source>
            <translation>Révoquer le siège sélectionné (Suppr)</translation>
        </message>
        <message>
            <source>&amp;Force reap…</source>
            <translation>&amp;Forcer le nettoyage…</translation>
        </message>
        <message>
            <source>Force reap</source>
            <translation>Forcer le nettoyage</translation>
        </message>
        <message>
            <source>Reclaim expired seats now (Ctrl+R)</source>
            <translation>Récupérer maintenant les sièges expirés (Ctrl+R)</translation>
        </message>
        <message>
            <source>&amp;About Keyright admin</source>
            <translation>À &amp;propos de Keyright admin</translation>
        </message>
        <message>
            <source>System language</source>
            <translation>Langue du système</translation>
        </message>
        <message>
            <source>%1 s</source>
            <translation>%1 s</translation>
        </message>
        <message>
            <source>The server this dashboard polls</source>
            <translation>Le serveur interrogé par ce tableau de bord</translation>
        </message>
        <message>
            <source>The server's clock minus this computer's, measured from the round trip of GET /v1/time. Countdowns use the server's clock.</source>
            <translation>L'horloge du serveur moins celle de cet ordinateur, mesurée sur l'aller-retour de GET /v1/time. Les comptes à rebours suivent l'horloge du serveur.</translation>
        </message>
        <message>
            <source>Not connected</source>
            <translation>Non connecté</translation>
        </message>
        <message>
            <source>connecting</source>
            <translation>connexion en cours</translation>
        </message>
        <message>
            <source>connected</source>
            <translation>connecté</translation>
        </message>
        <message>
            <source>not answering</source>
            <translation>ne répond pas</translation>
        </message>
        <message>
            <source>&lt;span style="color:%1"&gt;●&lt;/span&gt; %2 (%3) — %4</source>
            <translation>&lt;span style="color:%1"&gt;●&lt;/span&gt; %2 (%3) — %4</translation>
        </message>
        <message>
            <source>Last poll %1 (%2 s ago), every %3 s</source>
            <translation>Dernière interrogation %1 (il y a %2 s), toutes les %3 s</translation>
        </message>
        <message>
            <source>Round trip %1 ms</source>
            <translation>Aller-retour %1 ms</translation>
        </message>
        <message>
            <source>No poll yet</source>
            <translation>Aucune interrogation pour l’instant</translation>
        </message>
        <message>
            <source>Server clock %1%2 ms vs this computer (±%3 ms)</source>
            <translation>Horloge du serveur %1%2 ms par rapport à cet ordinateur (±%3 ms)</translation>
        </message>
        <message>
            <source>Clock offset not measured yet</source>
            <translation>Écart d'horloge pas encore mesuré</translation>
        </message>
        <message numerus="yes">
            <source>%n failed poll(s) in a row. Retrying every %1 s; the data shown is from the last successful poll.</source>
            <translation>
                <numerusform>%n interrogation échouée. Nouvel essai toutes les %1 s ; les données affichées datent de la dernière interrogation réussie.</numerusform>
                <numerusform>%n interrogations échouées d’affilée. Nouvel essai toutes les %1 s ; les données affichées datent de la dernière interrogation réussie.</numerusform>
            </translation>
        </message>
        <message>
            <source>Revoke seat</source>
            <translation>Révoquer le siège</translation>
        </message>
        <message>
            <source>The seat of %1 was not revoked: %2</source>
            <translation>Le siège de %1 n'a pas été révoqué : %2</translation>
        </message>
        <message>
            <source>Revoked the seat of %1.</source>
            <translation>Siège de %1 révoqué.</translation>
        </message>
        <message numerus="yes">
            <source>%n seat(s) reclaimed.</source>
            <translation>
                <numerusform>%n siège récupéré.</numerusform>
                <numerusform>%n sièges récupérés.</numerusform>
            </translation>
        </message>
        <message>
            <source>The license was not created: %1</source>
            <translation>La licence n'a pas été créée : %1</translation>
        </message>
        <message>
            <source>Edit license</source>
            <translation>Modifier la licence</translation>
        </message>
        <message>
            <source>The license was not changed: %1</source>
            <translation>La licence n'a pas été modifiée : %1</translation>
        </message>
        <message>
            <source>Saved %1.</source>
            <translation>%1 enregistrée.</translation>
        </message>
        <message>
            <source>Rotate license key</source>
            <translation>Renouveler la clé de licence</translation>
        </message>
        <message>
            <source>Give %1 a new key? Applications using the old key can no longer check out or renew seats until they are given the new one.</source>
            <translation>Donner une nouvelle clé à %1 ? Les applications qui utilisent l'ancienne ne pourront plus prendre ni renouveler de sièges tant qu'elles n'auront pas la nouvelle.</translation>
        </message>
        <message>
            <source>The key was not rotated: %1</source>
            <translation>La clé n'a pas été renouvelée : %1</translation>
        </message>
        <message>
            <source>Cannot read the admin token of %1</source>
            <translation>Impossible de lire le jeton d'administration de %1</translation>
        </message>
    </context>
    <context>
        <name>keyright::ReapDialog</name>
        <message>
            <source>Reclaim</source>
            <translation>Récupérer</translation>
        </message>
        <message>
            <source>Force reap</source>
            <translation>Forcer le nettoyage</translation>
        </message>
        <message>
            <source>License</source>
            <translation>Licence</translation>
        </message>
        <message>
            <source>Holder</source>
            <translation>Détenteur</translation>
        </message>
        <message>
            <source>Seat</source>
            <translation>Siège</translation>
        </message>
        <message>
            <source>Expired at</source>
            <translation>Expiré le</translation>
        </message>
        <message>
            <source>Reapable since</source>
            <translation>Nettoyable depuis</translation>
        </message>
        <message>
            <source>Looking for expired leases past their reap grace…</source>
            <translation>Recherche des baux expirés au-delà de leur délai de grâce…</translation>
        </message>
        <message>
            <source>Could not preview: %1</source>
            <translation>Impossible d'afficher l'aperçu : %1</translation>
        </message>
        <message>
            <source>Nothing to reclaim: no lease is past its expiry and reap grace.</source>
            <translation>Rien à récupérer : aucun bail n'a dépassé son expiration et son délai de grâce.</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Fermer</translation>
        </message>
        <message numerus="yes">
            <source>%n expired lease row(s) would be deleted. None of them counts against its license any more; reaping tidies the table and the events say who left without releasing.</source>
            <translation>
                <numerusform>%n ligne de bail expiré serait supprimée. Elle n'est plus décomptée de sa licence ; le nettoyage range la table et les événements disent qui est parti sans libérer.</numerusform>
                <numerusform>%n lignes de baux expirés seraient supprimées. Aucune n'est plus décomptée de sa licence ; le nettoyage range la table et les événements disent qui est parti sans libérer.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Reclaim %n seat(s)</source>
            <translation>
                <numerusform>Récupérer %n siège</numerusform>
                <numerusform>Récupérer %n sièges</numerusform>
            </translation>
        </message>
        <message>
            <source>Reap failed: %1</source>
            <translation>Le nettoyage a échoué : %1</translation>
        </message>
        <message numerus="yes">
            <source>%n seat(s) reclaimed.</source>
            <translation>
                <numerusform>%n siège récupéré.</numerusform>
                <numerusform>%n sièges récupérés.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>keyright::RevokeDialog</name>
        <message>
            <source>Revoke seat</source>
            <translation>Révoquer le siège</translation>
        </message>
        <message>
            <source>Optional, recorded in the events</source>
            <translation>Facultatif, consigné dans les événements</translation>
        </message>
        <message>
            <source>Do not block</source>
            <translation>Ne pas bloquer</translation>
        </message>
        <message>
            <source>10 minutes</source>
            <translation>10 minutes</translation>
        </message>
        <message>
            <source>1 hour</source>
            <translation>1 heure</translation>
        </message>
        <message>
            <source>8 hours</source>
            <translation>8 heures</translation>
        </message>
        <message>
            <source>1 day</source>
            <translation>1 jour</translation>
        </message>
        <message>
            <source>7 days</source>
            <translation>7 jours</translation>
        </message>
        <message>
            <source>Revoke the seat of &lt;b&gt;%1&lt;/b&gt; on &lt;b&gt;%2&lt;/b&gt; (seat %3)?&lt;br&gt;The seat is free at once; the application loses it at its next heartbeat. Without a block it may check out again straight away.</source>
            <translation>Révoquer le siège de &lt;b&gt;%1&lt;/b&gt; sur &lt;b&gt;%2&lt;/b&gt; (siège %3) ?&lt;br&gt;Le siège est libéré immédiatement ; l’application le perd à son prochain battement. Sans blocage, elle peut en reprendre un aussitôt.</translation>
        </message>
        <message>
            <source>&amp;Reason:</source>
            <translation>&amp;Motif :</translation>
        </message>
        <message>
            <source>&amp;Block this holder for:</source>
            <translation>&amp;Bloquer ce détenteur pendant :</translation>
        </message>
        <message>
            <source>Revoke</source>
            <translation>Révoquer</translation>
        </message>
    </context>
    <context>
        <name>keyright::SeatsPage</name>
        <message>
            <source>Holders</source>
            <translation>Détenteurs</translation>
        </message>
        <message>
            <source>No licenses on this server yet.</source>
            <translation>Aucune licence sur ce serveur pour l'instant.</translation>
        </message>
        <message>
            <source>Select a license to see who holds its seats.</source>
            <translation>Sélectionnez une licence pour voir qui détient ses sièges.</translation>
        </message>
        <message>
            <source>Holders of %1</source>
            <translation>Détenteurs de %1</translation>
        </message>
        <message numerus="yes">
            <source>Holders of %n licenses</source>
            <translation>
                <numerusform>Détenteurs de %n licence</numerusform>
                <numerusform>Détenteurs de %n licences</numerusform>
            </translation>
        </message>
        <message>
            <source>&lt;span style="color:%1"&gt;&lt;b&gt;%2 of %3&lt;/b&gt;&lt;/span&gt; seats in use</source>
            <translation>&lt;span style="color:%1"&gt;&lt;b&gt;%2 sur %3&lt;/b&gt;&lt;/span&gt; sièges utilisés</translation>
        </message>
        <message numerus="yes">
            <source>&lt;span style="color:#c62828"&gt;%n checkout(s) denied in the last hour&lt;/span&gt;</source>
            <translation>
                <numerusform>&lt;span style="color:#c62828"&gt;%n demande refusée dans la dernière heure&lt;/span&gt;</numerusform>
                <numerusform>&lt;span style="color:#c62828"&gt;%n demandes refusées dans la dernière heure&lt;/span&gt;</numerusform>
            </translation>
        </message>
        <message>
            <source>Nobody holds a seat of this license right now.</source>
            <translation>Personne ne détient de siège de cette licence en ce moment.</translation>
        </message>
        <message>
            <source>Licenses</source>
            <translation>Licences</translation>
        </message>
        <message>
            <source>Filter holders, seats, states… (Ctrl+F)</source>
            <translation>Filtrer détenteurs, sièges, états… (Ctrl+F)</translation>
        </message>
    </context>
    <context>
        <name>keyright::UsageChartView</name>
        <message>
            <source>Seats in use</source>
            <translation>Sièges utilisés</translation>
        </message>
        <message>
            <source>Seats owned</source>
            <translation>Sièges achetés</translation>
        </message>
        <message>
            <source>Denials</source>
            <translation>Refus</translation>
        </message>
        <message>
            <source>Seat usage, last hour</source>
            <translation>Utilisation des sièges, dernière heure</translation>
        </message>
        <message>
            <source>Seat usage of %1, last hour</source>
            <translation>Utilisation des sièges de %1, dernière heure</translation>
        </message>
    </context>
    <context>
        <name>main</name>
        <message>
            <source>Keyright administration dashboard</source>
            <translation>Tableau de bord d'administration Keyright</translation>
        </message>
        <message>
            <source>Connect to this server.</source>
            <translation>Se connecter à ce serveur.</translation>
        </message>
        <message>
            <source>Admin token file for --server.</source>
            <translation>Fichier du jeton d'administration pour --server.</translation>
        </message>
        <message>
            <source>Interface language (en, fr).</source>
            <translation>Langue de l'interface (en, fr).</translation>
        </message>
        <message>
            <source>The embedded demo server did not start</source>
            <translation>Le serveur de démonstration intégré n'a pas démarré</translation>
        </message>
        <message>
            <source>Cannot read the demo server's token</source>
            <translation>Impossible de lire le jeton du serveur de démonstration</translation>
        </message>
        <message>
            <source>Embedded demo server</source>
            <translation>Serveur de démonstration intégré</translation>
        </message>
        <message>
            <source>Cannot read the admin token: %1</source>
            <translation>Impossible de lire le jeton d'administration : %1</translation>
        </message>
    </context>
</TS>