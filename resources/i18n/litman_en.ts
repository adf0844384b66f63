<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>Count</name>
    <message numerus="yes">
        <source>%Ln paper(s)</source>
        <translation>
            <numerusform>%Ln paper</numerusform>
            <numerusform>%Ln papers</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DetailPane</name>
    <message numerus="yes">
        <source>%Ln papers selected: tag or mark them together</source>
        <translation>
            <numerusform>%Ln paper selected: tag or mark it</numerusform>
            <numerusform>%Ln papers selected: tag or mark them together</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading the status and tags of all %Ln selected papers…</source>
        <translation>
            <numerusform>Reading the status and tags of the %Ln selected paper…</numerusform>
            <numerusform>Reading the status and tags of all %Ln selected papers…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Status and tags of the first %Ln selected papers (the rest could not be read: %1).</source>
        <translation>
            <numerusform>Status and tags of the first %Ln selected paper (the rest could not be read: %1).</numerusform>
            <numerusform>Status and tags of the first %Ln selected papers (the rest could not be read: %1).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DuplicatesToReview</name>
    <message numerus="yes">
        <source> %Ln possible duplicate(s) to review: see Show Details.</source>
        <translation>
            <numerusform> %Ln possible duplicate to review: see Show Details.</numerusform>
            <numerusform> %Ln possible duplicates to review: see Show Details.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ErrorDialog</name>
    <message numerus="yes">
        <source>

(%n more error(s) since.)</source>
        <translation>
            <numerusform>

(%n more error since.)</numerusform>
            <numerusform>

(%n more errors since.)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FilesCounted</name>
    <message numerus="yes">
        <source>Attach %Ln file(s)</source>
        <translation>
            <numerusform>Attach %Ln file</numerusform>
            <numerusform>Attach %Ln files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remove %Ln attachment(s)</source>
        <translation>
            <numerusform>Remove %Ln attachment</numerusform>
            <numerusform>Remove %Ln attachments</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Relink %Ln missing file(s)</source>
        <translation>
            <numerusform>Relink %Ln missing file</numerusform>
            <numerusform>Relink %Ln missing files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Found %Ln missing file(s) under %1</source>
        <translation>
            <numerusform>Found %Ln missing file under %1</numerusform>
            <numerusform>Found %Ln missing files under %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Read the text of %Ln PDF(s)</source>
        <translation>
            <numerusform>Read the text of %Ln PDF</numerusform>
            <numerusform>Read the text of %Ln PDFs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>KeysCounted</name>
    <message numerus="yes">
        <source>The selected papers&apos; keys follow the pattern or are pinned (%Ln pinned)</source>
        <translation>
            <numerusform>The selected papers&apos; keys follow the pattern or are pinned (%Ln pinned)</numerusform>
            <numerusform>The selected papers&apos; keys follow the pattern or are pinned (%Ln pinned)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln pinned key(s) kept (Paper → Unpin Citation Keys frees them)</source>
        <translation>
            <numerusform>%Ln pinned key kept (Paper → Unpin Citation Keys frees it)</numerusform>
            <numerusform>%Ln pinned keys kept (Paper → Unpin Citation Keys frees them)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Change %Ln citation key(s)?</source>
        <translation>
            <numerusform>Change %Ln citation key?</numerusform>
            <numerusform>Change %Ln citation keys?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Regenerated %Ln citation key(s) (Ctrl+Z undoes)</source>
        <translation>
            <numerusform>Regenerated %Ln citation key (Ctrl+Z undoes)</numerusform>
            <numerusform>Regenerated %Ln citation keys (Ctrl+Z undoes)</numerusform>
        </translation>
    </message>
</context>
</TS>
