<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>Actions</name>
    <message>
        <source>Delete Permanently…</source>
        <translation>永久刪除…</translation>
    </message>
    <message>
        <source>Move to Trash</source>
        <translation>移到垃圾桶</translation>
    </message>
    <message>
        <source>Restore from Trash</source>
        <translation>從垃圾桶還原</translation>
    </message>
    <message>
        <source>Empty Trash…</source>
        <translation>清空垃圾桶…</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>匯入…</translation>
    </message>
    <message>
        <source>Import %1 files</source>
        <translation>匯入 %1 檔案</translation>
    </message>
    <message>
        <source>Export BibTeX…</source>
        <translation>匯出 BibTeX…</translation>
    </message>
    <message>
        <source>Export selection…</source>
        <translation>匯出所選文獻…</translation>
    </message>
    <message>
        <source>Export everything…</source>
        <translation>匯出全部文獻…</translation>
    </message>
    <message>
        <source>Open Shared Library…</source>
        <translation>開啟共享文獻庫…</translation>
    </message>
    <message>
        <source>Back Up Now</source>
        <translation>立即備份</translation>
    </message>
    <message>
        <source>Restore from Backup…</source>
        <translation>從備份還原…</translation>
    </message>
    <message>
        <source>Check Library for Damage</source>
        <translation>檢查文獻庫是否損壞</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>重新整理</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <source>Copy as %1</source>
        <translation>複製為 %1</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>搜尋</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>復原</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Mark %1</source>
        <translation>標記為%1</translation>
    </message>
    <message>
        <source>Rate %1 ★</source>
        <translation>評分 %1 ★</translation>
    </message>
    <message>
        <source>Open Log Folder</source>
        <translation>開啟日誌資料夾</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具列</translation>
    </message>
</context>
<context>
    <name>AddDialog</name>
    <message>
        <source>One per line: DOIs (10.1000/xyz, doi:…, https://doi.org/…), arXiv ids, ISBNs.</source>
        <translation>每行一個：DOI（10.1000/xyz、doi:…、https://doi.org/…）、arXiv 編號或 ISBN。</translation>
    </message>
    <message>
        <source>Add by Identifier</source>
        <translation>按識別碼新增</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a DOI, an arXiv id or an ISBN. </source>
        <translation>「%1」不是 DOI、arXiv 編號或 ISBN。</translation>
    </message>
    <message>
        <source>Looking up %1…</source>
        <translation>正在查詢 %1 項…</translation>
    </message>
    <message>
        <source>Looking up %1 of %2…</source>
        <translation>正在查詢第 %1 項，共 %2 項…</translation>
    </message>
    <message>
        <source>Unexpected error: %1</source>
        <translation>意外錯誤：%1</translation>
    </message>
    <message>
        <source>%1 added, %2 merged into papers already stored.</source>
        <translation>已新增 %1 篇，%2 篇合併到已有文獻。</translation>
    </message>
</context>
<context>
    <name>AttachmentList</name>
    <message>
        <source>Attachments</source>
        <translation>附件</translation>
    </message>
    <message>
        <source>Matching passage</source>
        <translation>相符段落</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Missing: %1</source>
        <translation>檔案缺失：%1</translation>
    </message>
    <message>
        <source>p. %1: %2</source>
        <translation>第 %1 頁：%2</translation>
    </message>
</context>
<context>
    <name>AutoExport</name>
    <message>
        <source>Auto-export to %1 failed: %2</source>
        <translation>自動匯出到 %1 失敗：%2</translation>
    </message>
    <message>
        <source>Auto-Export…</source>
        <translation>自動匯出…</translation>
    </message>
</context>
<context>
    <name>AutoExportDialog</name>
    <message>
        <source>Auto-Export</source>
        <translation>自動匯出</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>新增…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Files kept current with what their query finds:</source>
        <translation>以下檔案會隨其查詢結果自動保持更新：</translation>
    </message>
    <message>
        <source>  — FAILED: %1</source>
        <translation>  — 失敗：%1</translation>
    </message>
    <message>
        <source>everything</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Auto-Export To</source>
        <translation>自動匯出到</translation>
    </message>
    <message>
        <source>Query (tag:thesis, saved:NAME; empty: everything):</source>
        <translation>查詢（tag:thesis、saved:名稱；留空則為全部）：</translation>
    </message>
</context>
<context>
    <name>CitekeyActions</name>
    <message>
        <source>Regenerate the citation keys of %1</source>
        <translation>重新產生 %1 的引用鍵</translation>
    </message>
    <message>
        <source>Pin the citation keys of %1</source>
        <translation>固定 %1 的引用鍵</translation>
    </message>
    <message>
        <source>Unpin the citation keys of %1</source>
        <translation>取消固定 %1 的引用鍵</translation>
    </message>
    <message>
        <source>Regenerate Citation Keys…</source>
        <translation>重新產生引用鍵…</translation>
    </message>
    <message>
        <source>Citation Key Pattern…</source>
        <translation>引用鍵模式…</translation>
    </message>
    <message>
        <source>Pin Citation Keys</source>
        <translation>固定引用鍵</translation>
    </message>
    <message>
        <source>Unpin Citation Keys</source>
        <translation>取消固定引用鍵</translation>
    </message>
    <message>
        <source>The selected papers&apos; keys already follow the pattern</source>
        <translation>所選文獻的引用鍵已符合模式</translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation>… 另有 %1 個</translation>
    </message>
    <message>
        <source>Regenerate Citation Keys</source>
        <translation>重新產生引用鍵</translation>
    </message>
    <message>
        <source>Citation Key Pattern</source>
        <translation>引用鍵模式</translation>
    </message>
    <message>
        <source>Key pattern for new papers (JabRef&apos;s notation: %1; empty: litman&apos;s own rule):</source>
        <translation>新文獻的引用鍵模式（JabRef 的寫法：%1；留空則使用 litman 自己的規則）：</translation>
    </message>
    <message>
        <source>litman’s own rule</source>
        <translation>litman 自己的規則</translation>
    </message>
    <message>
        <source>Key pattern: %1</source>
        <translation>引用鍵模式：%1</translation>
    </message>
</context>
<context>
    <name>Columns</name>
    <message>
        <source>%1 et al.</source>
        <translation>%1 等</translation>
    </message>
    <message>
        <source>Reading status</source>
        <translation>閱讀狀態</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>標題</translation>
    </message>
    <message>
        <source>Authors</source>
        <translation>作者</translation>
    </message>
    <message>
        <source>Year</source>
        <translation>年份</translation>
    </message>
    <message>
        <source>Venue</source>
        <translation>期刊/會議</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>標籤</translation>
    </message>
    <message>
        <source>Added</source>
        <translation>新增時間</translation>
    </message>
    <message>
        <source>Citation key</source>
        <translation>引用鍵</translation>
    </message>
    <message>
        <source>Entry type</source>
        <translation>條目類型</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>評分</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>DOI</source>
        <translation>DOI</translation>
    </message>
    <message>
        <source>Date read</source>
        <translation>閱讀日期</translation>
    </message>
    <message>
        <source>Modified</source>
        <translation>修改時間</translation>
    </message>
    <message>
        <source>Attachment</source>
        <translation>附件</translation>
    </message>
    <message>
        <source>title derived from the abstract</source>
        <translation>標題取自摘要</translation>
    </message>
    <message>
        <source>abstract cut off at the source</source>
        <translation>摘要在來源處被截斷</translation>
    </message>
</context>
<context>
    <name>Commands</name>
    <message>
        <source> (unsaved)</source>
        <translation>（未儲存）</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>復原</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>儲存</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 of “%2” failed: %3</source>
        <translation>%1「%2」失敗：%3</translation>
    </message>
    <message>
        <source>Mark %1 %2</source>
        <translation>將 %1 標記為%2</translation>
    </message>
    <message>
        <source>Rate %1 %2 ★</source>
        <translation>將 %1 評為 %2 ★</translation>
    </message>
    <message>
        <source>Merge %1</source>
        <translation>合併 %1</translation>
    </message>
    <message>
        <source>Tag %1 &apos;%2&apos;</source>
        <translation>為 %1 新增標籤「%2」</translation>
    </message>
    <message>
        <source>Untag %1 &apos;%2&apos;</source>
        <translation>從 %1 移除標籤「%2」</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>編輯 %1</translation>
    </message>
    <message>
        <source>This paper is no longer in the library (it was deleted), so the edit was not saved.</source>
        <translation>這篇文獻已不在文獻庫中（已被刪除），編輯未儲存。</translation>
    </message>
    <message>
        <source>Move %1 to the trash</source>
        <translation>將 %1 移到垃圾桶</translation>
    </message>
    <message>
        <source>Restore %1 from the trash</source>
        <translation>從垃圾桶還原 %1</translation>
    </message>
    <message>
        <source>Rename tag &apos;%1&apos; to &apos;%2&apos;</source>
        <translation>將標籤「%1」重新命名為「%2」</translation>
    </message>
    <message>
        <source>Colour tag &apos;%1&apos;</source>
        <translation>設定標籤「%1」的顏色</translation>
    </message>
    <message>
        <source>Delete tag &apos;%1&apos;</source>
        <translation>刪除標籤「%1」</translation>
    </message>
</context>
<context>
    <name>Count</name>
    <message numerus="yes">
        <source>%Ln paper(s)</source>
        <translation>
            <numerusform>%Ln 篇文獻</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Detail</name>
    <message>
        <source>this paper</source>
        <translation>這篇文獻</translation>
    </message>
    <message>
        <source>“%1” is not a year (digits only, like 2015): the year of “%2” stays %3.</source>
        <translation>「%1」不是年份（只能是數字，例如 2015）：「%2」的年份仍為 %3。</translation>
    </message>
    <message>
        <source>“%1” is not a year (digits only, like 2015): the year of “%2” stays empty.</source>
        <translation>「%1」不是年份（只能是數字，例如 2015）：「%2」的年份仍為空。</translation>
    </message>
    <message>
        <source>the server cannot be reached</source>
        <translation>無法連線伺服器</translation>
    </message>
    <message>
        <source>Showing the first %1 of %2 characters of the abstract.</source>
        <translation>僅顯示摘要共 %2 個字元中的前 %1 個。</translation>
    </message>
    <message>
        <source>Title derived from the abstract: edit it above.</source>
        <translation>標題取自摘要：請在上方編輯。</translation>
    </message>
    <message>
        <source>Abstract cut off at the source (…).</source>
        <translation>摘要在來源處被截斷（…）。</translation>
    </message>
    <message>
        <source>Names @string macros no imported file defines (%1): import this file together with the one that defines them; as it is, its fields show the names, and an export writes them as read.</source>
        <translation>引用了已匯入檔案均未定義的 @string 巨集（%1）：請將此檔案與定義它們的檔案一同匯入；目前欄位中顯示的是巨集名，匯出時按讀入的原樣寫出。</translation>
    </message>
    <message>
        <source>From %1.</source>
        <translation>來自 %1。</translation>
    </message>
</context>
<context>
    <name>DetailPane</name>
    <message>
        <source>Title</source>
        <translation>標題</translation>
    </message>
    <message>
        <source>Authors</source>
        <translation>作者</translation>
    </message>
    <message>
        <source>Year</source>
        <translation>年份</translation>
    </message>
    <message>
        <source>Venue</source>
        <translation>期刊/會議</translation>
    </message>
    <message>
        <source>DOI</source>
        <translation>DOI</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>網址</translation>
    </message>
    <message>
        <source>Mixed</source>
        <translation>不一致</translation>
    </message>
    <message>
        <source>Set for all</source>
        <translation>全部設為</translation>
    </message>
    <message>
        <source>Paper details</source>
        <translation>文獻詳情</translation>
    </message>
    <message>
        <source>Select a paper</source>
        <translation>請選擇一篇文獻</translation>
    </message>
    <message>
        <source>Last, First; Last, First</source>
        <translation>姓, 名; 姓, 名</translation>
    </message>
    <message>
        <source>Abstract</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>BibTeX fields</source>
        <translation>BibTeX 欄位</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>筆記</translation>
    </message>
    <message>
        <source>Reading status</source>
        <translation>閱讀狀態</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>評分</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>Changed elsewhere while you typed: %1. Yours is kept; saving it shows theirs beside yours.</source>
        <translation>在您輸入時，他處修改了：%1。您的輸入已保留；儲存時會將對方的值與您的並列顯示。</translation>
    </message>
    <message>
        <source>Select a paper to see its details</source>
        <translation>選擇一篇文獻以檢視詳情</translation>
    </message>
    <message numerus="yes">
        <source>%Ln papers selected: tag or mark them together</source>
        <translation>
            <numerusform>已選擇 %Ln 篇文獻：可一起新增標籤或標記</numerusform>
        </translation>
    </message>
    <message>
        <source>(untitled)</source>
        <translation>（無標題）</translation>
    </message>
    <message>
        <source>The %1 is too long to edit here (%2 chars).</source>
        <translation>%1 太長，無法在此編輯（%2 個字元）。</translation>
    </message>
    <message>
        <source>Venue (%1)</source>
        <translation>期刊/會議（%1）</translation>
    </message>
    <message numerus="yes">
        <source>Reading the status and tags of all %Ln selected papers…</source>
        <translation>
            <numerusform>正在讀取所選 %Ln 篇文獻的狀態和標籤…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Status and tags of the first %Ln selected papers (the rest could not be read: %1).</source>
        <translation>
            <numerusform>所選文獻中前 %Ln 篇的狀態和標籤（其餘無法讀取：%1）。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Dialogs</name>
    <message>
        <source>Import papers</source>
        <translation>匯入文獻</translation>
    </message>
    <message>
        <source>Importing…</source>
        <translation>正在匯入…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>匯入</translation>
    </message>
    <message>
        <source>Import cancelled; nothing was imported.</source>
        <translation>匯入已取消，未匯入任何文獻。</translation>
    </message>
    <message>
        <source>%1

Nothing was imported.</source>
        <translation>%1

未匯入任何文獻。</translation>
    </message>
    <message>
        <source>Import failed</source>
        <translation>匯入失敗</translation>
    </message>
    <message>
        <source>Unexpected error: %1</source>
        <translation>意外錯誤：%1</translation>
    </message>
    <message>
        <source>Import report</source>
        <translation>匯入報告</translation>
    </message>
    <message>
        <source>%1 read: %2 added, %3 merged, %4 skipped.</source>
        <translation>讀取 %1 條：新增 %2 條，合併 %3 條，跳過 %4 條。</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>匯出</translation>
    </message>
    <message>
        <source>There are no papers to export.</source>
        <translation>沒有可匯出的文獻。</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>匯出 %1</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>無法寫入 %1：%2</translation>
    </message>
    <message>
        <source>Exported %1 to %2</source>
        <translation>已將 %1 匯出到 %2</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>匯出報告</translation>
    </message>
    <message>
        <source>Merge &apos;%1&apos; into:</source>
        <translation>將「%1」合併到：</translation>
    </message>
    <message>
        <source>Merge tag</source>
        <translation>合併標籤</translation>
    </message>
    <message>
        <source>New name for &apos;%1&apos;:</source>
        <translation>「%1」的新名稱：</translation>
    </message>
    <message>
        <source>Rename tag</source>
        <translation>重新命名標籤</translation>
    </message>
    <message>
        <source>Delete the tag &apos;%1&apos; and take it off every paper?</source>
        <translation>刪除標籤「%1」，並從所有文獻上移除它嗎？</translation>
    </message>
    <message>
        <source>Delete tag</source>
        <translation>刪除標籤</translation>
    </message>
    <message>
        <source>Colour for &apos;%1&apos;</source>
        <translation>「%1」的顏色</translation>
    </message>
    <message>
        <source>Backup failed</source>
        <translation>備份失敗</translation>
    </message>
    <message>
        <source>Backed up to %1</source>
        <translation>已備份到 %1</translation>
    </message>
    <message>
        <source>Restore from backup</source>
        <translation>從備份還原</translation>
    </message>
    <message>
        <source>There are no backups of this library yet in %1.

litman takes one each day the library is opened, before upgrades and before bulk deletes and merges; File → Back Up Now takes one at once.</source>
        <translation>%1 中還沒有這個文獻庫的備份。

litman 會在每天首次開啟文獻庫時、升級前以及批次刪除和合並前各備份一次；「檔案 → 立即備份」可隨時備份。</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>無法讀取</translation>
    </message>
    <message>
        <source>Counting the papers in each backup</source>
        <translation>正在統計各備份中的文獻數</translation>
    </message>
    <message>
        <source>Put this backup in place of the library:</source>
        <translation>用此備份替換文獻庫：</translation>
    </message>
    <message>
        <source>Replace the library with the backup from %1?

The library as it is now is kept as a backup first, so this can be undone by restoring that one.</source>
        <translation>用 %1 的備份替換文獻庫嗎？

目前的文獻庫會先儲存為一個備份，還原該備份即可復原此操作。</translation>
    </message>
    <message>
        <source>litman&apos;s integrity check found damage in %1:
%2

</source>
        <translation>litman 的完整性檢查發現 %1 已損壞：
%2

</translation>
    </message>
    <message>
        <source>Library damaged</source>
        <translation>文獻庫已損壞</translation>
    </message>
    <message>
        <source>There is no good backup. Export what you can with File → Export everything…</source>
        <translation>沒有完好的備份。請用「檔案 → 匯出全部文獻…」匯出能匯出的內容。</translation>
    </message>
    <message>
        <source>The newest good backup is from %1. Restore it now? The damaged file is kept aside.</source>
        <translation>最新的完好備份來自 %1。現在還原嗎？損壞的檔案會另行保留。</translation>
    </message>
    <message>
        <source>Restored the backup from %1.</source>
        <translation>已還原 %1 的備份。</translation>
    </message>
    <message>
        <source> The replaced file is kept as %1.</source>
        <translation>被替換的檔案儲存為 %1。</translation>
    </message>
    <message>
        <source>Restore failed</source>
        <translation>還原失敗</translation>
    </message>
    <message>
        <source>Restoring the backup from %1</source>
        <translation>正在還原 %1 的備份</translation>
    </message>
</context>
<context>
    <name>Duplicates</name>
    <message>
        <source>Duplicates…</source>
        <translation>重複文獻…</translation>
    </message>
</context>
<context>
    <name>DuplicatesDialog</name>
    <message>
        <source>(none)</source>
        <translation>（無）</translation>
    </message>
    <message>
        <source>Duplicates</source>
        <translation>重複文獻</translation>
    </message>
    <message>
        <source>Duplicate groups</source>
        <translation>重複文獻組</translation>
    </message>
    <message>
        <source>Merge</source>
        <translation>合併</translation>
    </message>
    <message>
        <source>Not Duplicates</source>
        <translation>不是重複</translation>
    </message>
    <message>
        <source>No duplicates found.</source>
        <translation>未發現重複文獻。</translation>
    </message>
    <message>
        <source>Keep %1</source>
        <translation>保留 %1</translation>
    </message>
</context>
<context>
    <name>DuplicatesToReview</name>
    <message numerus="yes">
        <source> %Ln possible duplicate(s) to review: see Show Details.</source>
        <translation>
            <numerusform>有 %Ln 篇可能重複的文獻待核查：請點選「顯示詳細資訊」。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EmptyNotice</name>
    <message>
        <source>Your library is empty.

File → Import… (Ctrl+I), or drop %1 files on this window.</source>
        <translation>文獻庫是空的。

使用「檔案 → 匯入…」（Ctrl+I），或將 %1 檔案拖到此視窗。</translation>
    </message>
    <message>
        <source>No papers in %1.</source>
        <translation>%1 中沒有文獻。</translation>
    </message>
    <message>
        <source>No papers match “%1” in %2.</source>
        <translation>%2 中沒有與「%1」相符的文獻。</translation>
    </message>
    <message>
        <source>No papers match “%1”.</source>
        <translation>沒有與「%1」相符的文獻。</translation>
    </message>
</context>
<context>
    <name>EntryEditor</name>
    <message>
        <source>BibTeX fields</source>
        <translation>BibTeX 欄位</translation>
    </message>
    <message>
        <source>Citation key</source>
        <translation>引用鍵</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>引用鍵</translation>
    </message>
    <message>
        <source>Entry type</source>
        <translation>條目類型</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>類型</translation>
    </message>
    <message>
        <source>New field name</source>
        <translation>新欄位名</translation>
    </message>
    <message>
        <source>field</source>
        <translation>欄位</translation>
    </message>
    <message>
        <source>New field value</source>
        <translation>新欄位值</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Add field</source>
        <translation>新增欄位</translation>
    </message>
    <message>
        <source>Clear the value to remove the field.</source>
        <translation>清空欄位值即可刪除該欄位。</translation>
    </message>
    <message>
        <source>required</source>
        <translation>必填</translation>
    </message>
    <message>
        <source>Required</source>
        <translation>必填欄位</translation>
    </message>
    <message>
        <source>Optional</source>
        <translation>可選欄位</translation>
    </message>
    <message>
        <source>Other fields</source>
        <translation>其他欄位</translation>
    </message>
</context>
<context>
    <name>ErrorDialog</name>
    <message>
        <source>litman: unexpected error</source>
        <translation>litman：意外錯誤</translation>
    </message>
    <message>
        <source>Copy Details</source>
        <translation>複製詳細資訊</translation>
    </message>
    <message>
        <source>Open Log Folder</source>
        <translation>開啟日誌資料夾</translation>
    </message>
    <message numerus="yes">
        <source>

(%n more error(s) since.)</source>
        <translation>
            <numerusform>

（此後又出現 %n 個錯誤。）</numerusform>
        </translation>
    </message>
    <message>
        <source>Something went wrong that litman did not expect:

%1%2

It is written in the log. Copy Details puts what a bug report needs on the clipboard.</source>
        <translation>litman 遇到了意外錯誤：

%1%2

錯誤已寫入日誌。「複製詳細資訊」會把錯誤報告所需的內容複製到剪貼簿。</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已複製</translation>
    </message>
</context>
<context>
    <name>ErrorReport</name>
    <message>
        <source>litman: log folder</source>
        <translation>litman：日誌資料夾</translation>
    </message>
    <message>
        <source>No program here opens folders. litman&apos;s log folder is:

%1</source>
        <translation>此系統上沒有可開啟資料夾的程式。litman 的日誌資料夾是：

%1</translation>
    </message>
</context>
<context>
    <name>FileDialogs</name>
    <message>
        <source>Folder</source>
        <translation>資料夾</translation>
    </message>
    <message>
        <source>%1 file</source>
        <translation>%1 檔案</translation>
    </message>
    <message>
        <source>File</source>
        <translation>檔案</translation>
    </message>
</context>
<context>
    <name>FilesCounted</name>
    <message numerus="yes">
        <source>Attach %Ln file(s)</source>
        <translation>
            <numerusform>新增 %Ln 個附件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remove %Ln attachment(s)</source>
        <translation>
            <numerusform>移除 %Ln 個附件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Relink %Ln missing file(s)</source>
        <translation>
            <numerusform>重新連結 %Ln 個缺失的檔案</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Found %Ln missing file(s) under %1</source>
        <translation>
            <numerusform>在 %1 下找到 %Ln 個缺失的檔案</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Read the text of %Ln PDF(s)</source>
        <translation>
            <numerusform>已讀取 %Ln 個 PDF 的文字</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Formats</name>
    <message>
        <source>Abstracts</source>
        <translation>摘要文字</translation>
    </message>
    <message>
        <source>abstracts</source>
        <translation>摘要文字</translation>
    </message>
    <message>
        <source>Zotero database</source>
        <translation>Zotero 資料庫</translation>
    </message>
    <message>
        <source>EndNote tagged (CNKI, Wanfang)</source>
        <translation>EndNote 題錄（知網、萬方）</translation>
    </message>
    <message>
        <source>NoteExpress (CNKI, Wanfang)</source>
        <translation>NoteExpress 題錄（知網、萬方）</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1和%2</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有檔案 (*)</translation>
    </message>
</context>
<context>
    <name>Keys</name>
    <message>
        <source>Copy Citation Key</source>
        <translation>複製引用鍵</translation>
    </message>
    <message>
        <source>Copy \cite{Key}</source>
        <translation>複製 \cite{引用鍵}</translation>
    </message>
    <message>
        <source>Copied the \cite command of %1</source>
        <translation>已複製 %1 的 \cite 命令</translation>
    </message>
    <message>
        <source>Copied the citation key of %1</source>
        <translation>已複製 %1 的引用鍵</translation>
    </message>
    <message>
        <source>Copied the citation keys of %1</source>
        <translation>已複製 %1 的引用鍵</translation>
    </message>
</context>
<context>
    <name>KeysCounted</name>
    <message numerus="yes">
        <source>The selected papers&apos; keys follow the pattern or are pinned (%Ln pinned)</source>
        <translation>
            <numerusform>所選文獻的引用鍵已符合模式或已固定（%Ln 個已固定）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln pinned key(s) kept (Paper → Unpin Citation Keys frees them)</source>
        <translation>
            <numerusform>保留 %Ln 個已固定的引用鍵（可用「文獻 → 取消固定引用鍵」解除）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Change %Ln citation key(s)?</source>
        <translation>
            <numerusform>修改 %Ln 個引用鍵嗎？</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Regenerated %Ln citation key(s) (Ctrl+Z undoes)</source>
        <translation>
            <numerusform>已重新產生 %Ln 個引用鍵（Ctrl+Z 可復原）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <source>&amp;Language</source>
        <translation>語言(&amp;L)</translation>
    </message>
    <message>
        <source>Takes effect at the next start</source>
        <translation>下次啟動時生效</translation>
    </message>
    <message>
        <source>System (%1)</source>
        <translation>跟隨系統（%1）</translation>
    </message>
    <message>
        <source>The window stays in this language.</source>
        <translation>視窗語言保持不變。</translation>
    </message>
    <message>
        <source>litman will show the chosen language from its next start.</source>
        <translation>litman 將在下次啟動時使用所選語言。</translation>
    </message>
</context>
<context>
    <name>Launch</name>
    <message>
        <source>Open Read-Only</source>
        <translation>以唯讀方式開啟</translation>
    </message>
    <message>
        <source>Restore Backup</source>
        <translation>還原備份</translation>
    </message>
    <message>
        <source>Move It Aside and Start Empty</source>
        <translation>移走該檔案，從空文獻庫開始</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>結束</translation>
    </message>
    <message>
        <source>litman cannot open the library</source>
        <translation>litman 無法開啟文獻庫</translation>
    </message>
    <message>
        <source>another litman window</source>
        <translation>另一個 litman 視窗</translation>
    </message>
    <message>
        <source>%1 is open in %2.

Only one window at a time may change a library. You can open it read-only here: you will see its papers, and changes made in the other window after you press F5 or reopen.</source>
        <translation>%1 已在%2中開啟。

同一時間只有一個視窗可以修改文獻庫。您可以在這裡以唯讀方式開啟：可以看到其中的文獻，另一個視窗所做的修改在按 F5 或重新開啟後顯示。</translation>
    </message>
    <message>
        <source>Library already open</source>
        <translation>文獻庫已被開啟</translation>
    </message>
    <message>
        <source>Library damaged</source>
        <translation>文獻庫已損壞</translation>
    </message>
</context>
<context>
    <name>Lookup</name>
    <message>
        <source>Contact E-mail for Lookups</source>
        <translation>查詢時使用的聯絡電子郵件</translation>
    </message>
    <message>
        <source>Sent to Crossref and OpenAlex with each lookup, as their polite pools ask
(leave empty to send none):</source>
        <translation>按照 Crossref 和 OpenAlex「禮貌池」的要求，每次查詢時都會傳送給它們
（留空則不傳送）：</translation>
    </message>
    <message>
        <source>Select the papers to find metadata for.</source>
        <translation>請選擇要查詢後設資料的文獻。</translation>
    </message>
    <message>
        <source>Select papers that have a DOI or an arXiv id.</source>
        <translation>請選擇帶有 DOI 或 arXiv 編號的文獻。</translation>
    </message>
    <message>
        <source>Add by Identifier…</source>
        <translation>按識別碼新增…</translation>
    </message>
    <message>
        <source>Find Metadata…</source>
        <translation>查詢後設資料…</translation>
    </message>
    <message>
        <source>Refresh from DOI/arXiv…</source>
        <translation>從 DOI/arXiv 更新…</translation>
    </message>
    <message>
        <source>Contact E-mail for Lookups…</source>
        <translation>查詢時使用的聯絡電子郵件…</translation>
    </message>
    <message>
        <source>Fill metadata of %1</source>
        <translation>補全 %1 的後設資料</translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <source>&amp;Paper</source>
        <translation>文獻(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>編輯(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Status</source>
        <translation>狀態(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>說明(&amp;H)</translation>
    </message>
</context>
<context>
    <name>MergeDialog</name>
    <message>
        <source>Theirs</source>
        <translation>對方的</translation>
    </message>
    <message>
        <source>Mine</source>
        <translation>我的</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Merged:</source>
        <translation>合併後：</translation>
    </message>
    <message>
        <source>Someone else changed this paper</source>
        <translation>其他人修改了這篇文獻</translation>
    </message>
    <message>
        <source>&apos;%1&apos; was changed by someone else after you opened it. Your edit was not saved. For each field, keep their value, yours, or a merged one.</source>
        <translation>您開啟「%1」之後，其他人修改了它。您的編輯未儲存。請為每個欄位選擇保留對方的值、您的值或合併後的值。</translation>
    </message>
</context>
<context>
    <name>OpenSharedDialog</name>
    <message>
        <source>postgresql://alice@labdb/refs, host=labdb dbname=refs user=alice, or service=lab</source>
        <translation>postgresql://alice@labdb/refs、host=labdb dbname=refs user=alice，或 service=lab</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>主機：</translation>
    </message>
    <message>
        <source>Database:</source>
        <translation>資料庫：</translation>
    </message>
    <message>
        <source>User:</source>
        <translation>使用者：</translation>
    </message>
    <message>
        <source>Open Shared Library</source>
        <translation>開啟共享文獻庫</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>密碼</translation>
    </message>
    <message>
        <source>Remember in .pgpass (readable by you only)</source>
        <translation>記住在 .pgpass 中（僅您本人可讀）</translation>
    </message>
    <message>
        <source>Library:</source>
        <translation>文獻庫：</translation>
    </message>
    <message>
        <source>e.g. %1</source>
        <translation>例如 %1</translation>
    </message>
    <message>
        <source>or, with the box above left empty:</source>
        <translation>或者，將上面的輸入框留空，填寫：</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>密碼：</translation>
    </message>
    <message>
        <source>labdb, or a socket folder</source>
        <translation>labdb，或通訊端所在資料夾</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在連線 %1…</translation>
    </message>
    <message>
        <source>Could not write the password file: %1.</source>
        <translation>無法寫入密碼檔案：%1。</translation>
    </message>
    <message>
        <source>%1 asks for a password.</source>
        <translation>%1 需要密碼。</translation>
    </message>
    <message>
        <source>%1 asks for a password (that one was refused).</source>
        <translation>%1 需要密碼（剛才的密碼被拒絕）。</translation>
    </message>
</context>
<context>
    <name>Outside</name>
    <message>
        <source>Updated with changes made outside this window.</source>
        <translation>已更新在此視窗之外所做的修改。</translation>
    </message>
    <message>
        <source>Server unreachable, retrying: %1</source>
        <translation>無法連線伺服器，正在重試：%1</translation>
    </message>
    <message>
        <source>the server cannot be reached; edits wait until it is back.</source>
        <translation>無法連線伺服器；編輯將在伺服器恢復後儲存。</translation>
    </message>
    <message>
        <source>The server is back.</source>
        <translation>伺服器已恢復。</translation>
    </message>
    <message>
        <source>The server is back; saving %1 unsaved edits.</source>
        <translation>伺服器已恢復；正在儲存 %1 項未儲存的編輯。</translation>
    </message>
</context>
<context>
    <name>PaperFiles</name>
    <message>
        <source>Open Attachment</source>
        <translation>開啟附件</translation>
    </message>
    <message>
        <source>View Online</source>
        <translation>線上檢視</translation>
    </message>
    <message>
        <source>Add Attachment…</source>
        <translation>新增附件…</translation>
    </message>
    <message>
        <source>Find Missing Files…</source>
        <translation>尋找缺失的檔案…</translation>
    </message>
    <message>
        <source>Extract Text from PDFs</source>
        <translation>擷取 PDF 文字</translation>
    </message>
    <message>
        <source>This paper has no attachment: Paper → Add Attachment… adds one.</source>
        <translation>這篇文獻沒有附件：可用「文獻 → 新增附件…」新增。</translation>
    </message>
    <message>
        <source>The file is missing: %1 (Paper → Find Missing Files…)</source>
        <translation>檔案缺失：%1（文獻 → 尋找缺失的檔案…）</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已開啟 %1</translation>
    </message>
    <message>
        <source>This paper has neither a DOI nor a URL.</source>
        <translation>這篇文獻既沒有 DOI 也沒有網址。</translation>
    </message>
    <message>
        <source>Add Attachment</source>
        <translation>新增附件</translation>
    </message>
    <message>
        <source>Find Missing Files Under</source>
        <translation>在此資料夾下尋找缺失的檔案</translation>
    </message>
    <message>
        <source>Looking for missing files under %1…</source>
        <translation>正在 %1 下尋找缺失的檔案…</translation>
    </message>
    <message>
        <source>Reading the text of PDFs</source>
        <translation>正在讀取 PDF 文字</translation>
    </message>
    <message>
        <source>Every PDF&apos;s text is kept already.</source>
        <translation>所有 PDF 的文字均已儲存。</translation>
    </message>
    <message>
        <source>; %1 could not be read: %2</source>
        <translation>；%1 個無法讀取：%2</translation>
    </message>
</context>
<context>
    <name>PaperTable</name>
    <message>
        <source>Papers</source>
        <translation>文獻列表</translation>
    </message>
    <message>
        <source>Has its file</source>
        <translation>有檔案</translation>
    </message>
    <message>
        <source>A file is missing (Paper → Find Missing Files… relinks it)</source>
        <translation>檔案缺失（文獻 → 尋找缺失的檔案… 可重新連結）</translation>
    </message>
    <message>
        <source>Has a link</source>
        <translation>有連結</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>尋找於(&amp;L)：</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>檔案型態(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>QPlatformTheme</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>References</name>
    <message>
        <source>Copy Reference</source>
        <translation>複製參考文獻</translation>
    </message>
    <message>
        <source>Copy Citation</source>
        <translation>複製引文</translation>
    </message>
    <message>
        <source>Reference Style</source>
        <translation>引文樣式</translation>
    </message>
    <message>
        <source>Other Style File…</source>
        <translation>其他樣式檔案…</translation>
    </message>
    <message>
        <source>Choose a CSL Style</source>
        <translation>選擇 CSL 樣式</translation>
    </message>
    <message>
        <source>CSL styles (*.csl)</source>
        <translation>CSL 樣式 (*.csl)</translation>
    </message>
    <message>
        <source>%1 (Other Style File…)</source>
        <translation>%1（其他樣式檔案…）</translation>
    </message>
    <message>
        <source>Select at most %1 papers to copy as references</source>
        <translation>複製參考文獻時最多選擇 %1 篇文獻</translation>
    </message>
    <message>
        <source>Formatting the references of %1…</source>
        <translation>正在產生 %1 的參考文獻…</translation>
    </message>
    <message>
        <source>Cannot copy references: %1</source>
        <translation>無法複製參考文獻：%1</translation>
    </message>
    <message>
        <source>Copied the citation of %1 (%2)</source>
        <translation>已複製 %1 的引文（%2）</translation>
    </message>
    <message>
        <source>Copied the reference of %1 (%2)</source>
        <translation>已複製 %1 的參考文獻（%2）</translation>
    </message>
</context>
<context>
    <name>RelatedList</name>
    <message>
        <source>Related papers show once the search index is ready.</source>
        <translation>搜尋索引就緒後將顯示相關文獻。</translation>
    </message>
    <message>
        <source>No paper shares rare words with this one.</source>
        <translation>沒有與這篇文獻共享少見詞語的文獻。</translation>
    </message>
    <message>
        <source>Related papers</source>
        <translation>相關文獻</translation>
    </message>
    <message>
        <source>Related</source>
        <translation>相關文獻</translation>
    </message>
</context>
<context>
    <name>ReviewDialog</name>
    <message>
        <source>Score</source>
        <translation>相符度</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>來源</translation>
    </message>
    <message>
        <source>Year</source>
        <translation>年份</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>標題</translation>
    </message>
    <message>
        <source>Authors</source>
        <translation>作者</translation>
    </message>
    <message>
        <source>DOI</source>
        <translation>DOI</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>欄位</translation>
    </message>
    <message>
        <source>Stored</source>
        <translation>已儲存</translation>
    </message>
    <message>
        <source>Found</source>
        <translation>查詢到</translation>
    </message>
    <message>
        <source>Find Metadata</source>
        <translation>查詢後設資料</translation>
    </message>
    <message>
        <source>Looking up…</source>
        <translation>正在查詢…</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>接受</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>拒絕</translation>
    </message>
    <message>
        <source>Accept all scoring at least</source>
        <translation>接受相符度不低於此值的全部候選</translation>
    </message>
    <message>
        <source>&lt;b&gt;Stored&lt;/b&gt;</source>
        <translation>&lt;b&gt;已儲存&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Candidates&lt;/b&gt; (score: how closely the abstracts match)</source>
        <translation>&lt;b&gt;候選記錄&lt;/b&gt;（相符度：摘要的相似程度）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Accepting the selected candidate would change&lt;/b&gt;</source>
        <translation>&lt;b&gt;接受所選候選記錄將修改&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Lookup stopped.</source>
        <translation>查詢已停止。</translation>
    </message>
    <message>
        <source>Looking up paper %1 of %2…</source>
        <translation>正在查詢第 %1 篇，共 %2 篇…</translation>
    </message>
    <message>
        <source>Looked up %1.</source>
        <translation>已查詢 %1。</translation>
    </message>
    <message>
        <source>Stopped after %1 of %2.</source>
        <translation>已在 %2 篇中的第 %1 篇後停止。</translation>
    </message>
    <message>
        <source>Lookup failed: %1</source>
        <translation>查詢失敗：%1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>%1  (derived title)</source>
        <translation>%1  （標題取自摘要）</translation>
    </message>
    <message>
        <source>(no authors)</source>
        <translation>（無作者）</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>注意：%1</translation>
    </message>
</context>
<context>
    <name>SavedSearches</name>
    <message>
        <source>Type a search first: Save Search keeps the query typed.</source>
        <translation>請先輸入搜尋：「儲存搜尋」會儲存所輸入的查詢。</translation>
    </message>
    <message>
        <source>Save Search</source>
        <translation>儲存搜尋</translation>
    </message>
    <message>
        <source>Name for “%1”:</source>
        <translation>「%1」的名稱：</translation>
    </message>
    <message>
        <source>Name for “%1” in %2:</source>
        <translation>「%1」（在%2中）的名稱：</translation>
    </message>
    <message>
        <source>Rename Saved Search</source>
        <translation>重新命名已儲存的搜尋</translation>
    </message>
    <message>
        <source>New name:</source>
        <translation>新名稱：</translation>
    </message>
    <message>
        <source>Save Search…</source>
        <translation>儲存搜尋…</translation>
    </message>
</context>
<context>
    <name>Search</name>
    <message>
        <source>Search: words, &quot;phrase&quot;, title:, author:, tag:, year:2020..2024, status:unread, -negation   (Ctrl+F)</source>
        <translation>搜尋：詞語、&quot;短語&quot;、title:、author:、tag:、year:2020..2024、status:unread、-排除   (Ctrl+F)</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜尋</translation>
    </message>
    <message>
        <source>Searching waits until the server is back.</source>
        <translation>搜尋將在伺服器恢復後進行。</translation>
    </message>
    <message>
        <source>%1 shown while the search index is built: %2</source>
        <translation>正在建立搜尋索引，暫顯示 %1 條：%2</translation>
    </message>
    <message>
        <source>The trash is empty.</source>
        <translation>垃圾桶是空的。</translation>
    </message>
</context>
<context>
    <name>SharedLaunch</name>
    <message>
        <source>Password</source>
        <translation>密碼</translation>
    </message>
    <message>
        <source>%1

Password for %2 (kept for this session only):</source>
        <translation>%1

%2 的密碼（僅在本次工作階段中保留）：</translation>
    </message>
    <message>
        <source>litman cannot open the library</source>
        <translation>litman 無法開啟文獻庫</translation>
    </message>
    <message>
        <source>The server asks for a password.</source>
        <translation>伺服器需要密碼。</translation>
    </message>
    <message>
        <source>%1 asked for a password %2 times; nothing was opened.</source>
        <translation>%1 已要求輸入密碼 %2 次；未開啟任何文獻庫。</translation>
    </message>
</context>
<context>
    <name>Sidebar</name>
    <message>
        <source>Your own reading status: each user of a shared library keeps their own</source>
        <translation>您自己的閱讀狀態：共享文獻庫的每位使用者各自儲存自己的閱讀狀態</translation>
    </message>
    <message>
        <source>Library and tags</source>
        <translation>文獻庫和標籤</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>文獻庫</translation>
    </message>
    <message>
        <source>All papers</source>
        <translation>全部文獻</translation>
    </message>
    <message>
        <source>%1 (mine)</source>
        <translation>%1（我的）</translation>
    </message>
    <message>
        <source>Trash</source>
        <translation>垃圾桶</translation>
    </message>
    <message>
        <source>Deleted papers, until restored or deleted permanently</source>
        <translation>已刪除的文獻，直到被還原或永久刪除</translation>
    </message>
    <message>
        <source>Duplicates…</source>
        <translation>重複文獻…</translation>
    </message>
    <message>
        <source>Papers that are probably one work: merge them, or say they are not</source>
        <translation>可能是同一作品的文獻：合併它們，或標記為不是重複</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>標籤</translation>
    </message>
    <message>
        <source>Saved searches</source>
        <translation>已儲存的搜尋</translation>
    </message>
    <message>
        <source>%1 (in %2)</source>
        <translation>%1（在%2中）</translation>
    </message>
    <message>
        <source>the tag “%1”</source>
        <translation>標籤「%1」</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>重新命名…</translation>
    </message>
    <message>
        <source>Remove Saved Search</source>
        <translation>刪除已儲存的搜尋</translation>
    </message>
    <message>
        <source>Merge into…</source>
        <translation>合併到…</translation>
    </message>
    <message>
        <source>Colour…</source>
        <translation>顏色…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>刪除</translation>
    </message>
</context>
<context>
    <name>Status</name>
    <message>
        <source>unread</source>
        <translation>未讀</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>閱讀中</translation>
    </message>
    <message>
        <source>read</source>
        <translation>已讀</translation>
    </message>
    <message>
        <source>Unread</source>
        <translation>未讀</translation>
    </message>
    <message>
        <source>Reading</source>
        <translation>閱讀中</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>已讀</translation>
    </message>
</context>
<context>
    <name>StatusLine</name>
    <message>
        <source>Status</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>%1 · %2 shown · %3 selected</source>
        <translation>%1 · 顯示 %2 篇 · 已選 %3 篇</translation>
    </message>
    <message>
        <source>%1 · %2 shown · %3 selected · search index being built: exact matches only</source>
        <translation>%1 · 顯示 %2 篇 · 已選 %3 篇 · 正在建立搜尋索引：僅精確相符</translation>
    </message>
</context>
<context>
    <name>TableHeader</name>
    <message>
        <source>%1 (empty in this library)</source>
        <translation>%1（此文獻庫中為空）</translation>
    </message>
    <message>
        <source>Stored Field</source>
        <translation>已儲存欄位</translation>
    </message>
    <message>
        <source>Move Column Left</source>
        <translation>左移此欄</translation>
    </message>
    <message>
        <source>Move Column Right</source>
        <translation>右移此欄</translation>
    </message>
    <message>
        <source>Sort by Relevance</source>
        <translation>按相關性排序</translation>
    </message>
</context>
<context>
    <name>TagBox</name>
    <message>
        <source>Tags</source>
        <translation>標籤</translation>
    </message>
    <message>
        <source>Add tag</source>
        <translation>新增標籤</translation>
    </message>
    <message>
        <source>Add a tag (A &gt; B for a subtag), Enter</source>
        <translation>新增標籤（A &gt; B 表示子標籤），按 Enter</translation>
    </message>
    <message>
        <source>Remove tag %1</source>
        <translation>移除標籤 %1</translation>
    </message>
    <message>
        <source>%1
(click to remove it from the selected papers)</source>
        <translation>%1
（點選即從所選文獻中移除）</translation>
    </message>
</context>
<context>
    <name>Trash</name>
    <message>
        <source>Moved %1 to the trash: Edit → Undo (Ctrl+Z), or Restore in the Trash, brings them back.</source>
        <translation>已將 %1 移到垃圾桶：使用「編輯 → 復原」（Ctrl+Z），或在垃圾桶中還原，即可恢復。</translation>
    </message>
    <message>
        <source>Select papers in the Trash (sidebar) to restore them.</source>
        <translation>請在垃圾桶（側欄）中選擇要還原的文獻。</translation>
    </message>
    <message>
        <source>Restored %1.</source>
        <translation>已還原 %1。</translation>
    </message>
    <message>
        <source>Select papers in the Trash (sidebar) to delete them.</source>
        <translation>請在垃圾桶（側欄）中選擇要刪除的文獻。</translation>
    </message>
    <message>
        <source>Delete %1 permanently?</source>
        <translation>永久刪除 %1 嗎？</translation>
    </message>
    <message>
        <source>Delete permanently</source>
        <translation>永久刪除</translation>
    </message>
    <message>
        <source>Delete %1 permanently</source>
        <translation>永久刪除 %1</translation>
    </message>
    <message>
        <source>The trash is empty.</source>
        <translation>垃圾桶是空的。</translation>
    </message>
    <message>
        <source>Delete the %1 in the trash permanently?</source>
        <translation>永久刪除垃圾桶中的 %1 嗎？</translation>
    </message>
    <message>
        <source>Empty Trash</source>
        <translation>清空垃圾桶</translation>
    </message>
    <message>
        <source>Empty the trash (%1)</source>
        <translation>清空垃圾桶（%1）</translation>
    </message>
    <message>
        <source>litman keeps no copies of a shared library (the server&apos;s pg_dump does).</source>
        <translation>litman 不保留共享文獻庫的副本（由伺服器的 pg_dump 備份）。</translation>
    </message>
    <message>
        <source>the library is backed up first.</source>
        <translation>文獻庫會先備份。</translation>
    </message>
    <message>
        <source>%1 This cannot be undone; %2</source>
        <translation>%1此操作無法復原；%2</translation>
    </message>
    <message>
        <source>Deleted %1 permanently.</source>
        <translation>已永久刪除 %1。</translation>
    </message>
    <message>
        <source>Deleted %1 permanently, backed up first to %2 (File → Restore from Backup…).</source>
        <translation>已永久刪除 %1，刪除前已備份到 %2（檔案 → 從備份還原…）。</translation>
    </message>
</context>
<context>
    <name>WaitBox</name>
    <message>
        <source>Waiting for the server</source>
        <translation>正在等待伺服器</translation>
    </message>
    <message>
        <source>litman tries again every second and opens it when it answers.</source>
        <translation>litman 每秒重試一次，伺服器回應後即開啟文獻庫。</translation>
    </message>
</context>
<context>
    <name>Window</name>
    <message>
        <source>another litman window</source>
        <translation>另一個 litman 視窗</translation>
    </message>
    <message>
        <source>Read-only: this library is open in %1.</source>
        <translation>唯讀：此文獻庫已在%1中開啟。</translation>
    </message>
    <message>
        <source>litman — %1</source>
        <translation>litman — %1</translation>
    </message>
    <message>
        <source>litman — %1 (server unreachable)</source>
        <translation>litman — %1（無法連線伺服器）</translation>
    </message>
    <message>
        <source>litman — %1 (read-only)</source>
        <translation>litman — %1（唯讀）</translation>
    </message>
    <message>
        <source>%1: no damage found.</source>
        <translation>%1：未發現損壞。</translation>
    </message>
    <message>
        <source>Copied %1 as %2</source>
        <translation>已將 %1 複製為 %2</translation>
    </message>
</context>
<context>
    <name>WriteDesk</name>
    <message>
        <source>Saving the search index</source>
        <translation>正在儲存搜尋索引</translation>
    </message>
    <message>
        <source>“%1” was not made: %2</source>
        <translation>未執行「%1」：%2</translation>
    </message>
    <message>
        <source>The server cannot be reached.</source>
        <translation>無法連線伺服器。</translation>
    </message>
    <message>
        <source>Unsaved edits</source>
        <translation>未儲存的編輯</translation>
    </message>
    <message>
        <source>%1 edits could not be saved: the server cannot be reached.

%2

Close anyway, and lose them? (Kept open, they are saved when the server is back.)</source>
        <translation>有 %1 項編輯無法儲存：無法連線伺服器。

%2

仍要關閉並丟棄這些編輯嗎？（保持視窗開啟，伺服器恢復後會自動儲存。）</translation>
    </message>
    <message>
        <source>%1 The edit stays in Edit → Undo, marked unsaved, and is saved when the server is back.</source>
        <translation>%1 該編輯保留在「編輯 → 復原」中並標記為未儲存，伺服器恢復後會自動儲存。</translation>
    </message>
    <message>
        <source>Kept the stored values of %1.</source>
        <translation>已保留 %1 的已儲存值。</translation>
    </message>
</context>
<context>
    <name>WriteProgress</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Cancel writing</source>
        <translation>取消寫入</translation>
    </message>
    <message>
        <source>%1… %2 of %3</source>
        <translation>%1… %2 / %3</translation>
    </message>
    <message>
        <source>%1: cancelled. What was done before the stop can be undone (Ctrl+Z).</source>
        <translation>%1：已取消。停止前已完成的部分可以復原（Ctrl+Z）。</translation>
    </message>
    <message>
        <source>%1: failed, %2</source>
        <translation>%1：失敗，%2</translation>
    </message>
    <message>
        <source>%1: cancelled</source>
        <translation>%1：已取消</translation>
    </message>
</context>
</TS>
