<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Actions</name>
    <message>
        <source>Delete Permanently…</source>
        <translation>永久删除…</translation>
    </message>
    <message>
        <source>Move to Trash</source>
        <translation>移到回收站</translation>
    </message>
    <message>
        <source>Restore from Trash</source>
        <translation>从回收站还原</translation>
    </message>
    <message>
        <source>Empty Trash…</source>
        <translation>清空回收站…</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <source>Import %1 files</source>
        <translation>导入 %1 文件</translation>
    </message>
    <message>
        <source>Export BibTeX…</source>
        <translation>导出 BibTeX…</translation>
    </message>
    <message>
        <source>Export selection…</source>
        <translation>导出所选文献…</translation>
    </message>
    <message>
        <source>Export everything…</source>
        <translation>导出全部文献…</translation>
    </message>
    <message>
        <source>Open Shared Library…</source>
        <translation>打开共享文献库…</translation>
    </message>
    <message>
        <source>Back Up Now</source>
        <translation>立即备份</translation>
    </message>
    <message>
        <source>Restore from Backup…</source>
        <translation>从备份还原…</translation>
    </message>
    <message>
        <source>Check Library for Damage</source>
        <translation>检查文献库是否损坏</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Copy as %1</source>
        <translation>复制为 %1</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Mark %1</source>
        <translation>标记为%1</translation>
    </message>
    <message>
        <source>Rate %1 ★</source>
        <translation>评分 %1 ★</translation>
    </message>
    <message>
        <source>Open Log Folder</source>
        <translation>打开日志文件夹</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
</context>
<context>
    <name>AddDialog</name>
    <message>
        <source>One per line: DOIs (10.1000/xyz, doi:…, https://doi.org/…), arXiv ids, ISBNs.</source>
        <translation>每行一个：DOI（10.1000/xyz、doi:…、https://doi.org/…）、arXiv 编号或 ISBN。</translation>
    </message>
    <message>
        <source>Add by Identifier</source>
        <translation>按标识符添加</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a DOI, an arXiv id or an ISBN. </source>
        <translation>“%1”不是 DOI、arXiv 编号或 ISBN。</translation>
    </message>
    <message>
        <source>Looking up %1…</source>
        <translation>正在查找 %1 项…</translation>
    </message>
    <message>
        <source>Looking up %1 of %2…</source>
        <translation>正在查找第 %1 项，共 %2 项…</translation>
    </message>
    <message>
        <source>Unexpected error: %1</source>
        <translation>意外错误：%1</translation>
    </message>
    <message>
        <source>%1 added, %2 merged into papers already stored.</source>
        <translation>已添加 %1 篇，%2 篇合并到已有文献。</translation>
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
        <translation>匹配段落</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Missing: %1</source>
        <translation>文件缺失：%1</translation>
    </message>
    <message>
        <source>p. %1: %2</source>
        <translation>第 %1 页：%2</translation>
    </message>
</context>
<context>
    <name>AutoExport</name>
    <message>
        <source>Auto-export to %1 failed: %2</source>
        <translation>自动导出到 %1 失败：%2</translation>
    </message>
    <message>
        <source>Auto-Export…</source>
        <translation>自动导出…</translation>
    </message>
</context>
<context>
    <name>AutoExportDialog</name>
    <message>
        <source>Auto-Export</source>
        <translation>自动导出</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>添加…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Files kept current with what their query finds:</source>
        <translation>以下文件会随其查询结果自动保持更新：</translation>
    </message>
    <message>
        <source>  — FAILED: %1</source>
        <translation>  — 失败：%1</translation>
    </message>
    <message>
        <source>everything</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Auto-Export To</source>
        <translation>自动导出到</translation>
    </message>
    <message>
        <source>Query (tag:thesis, saved:NAME; empty: everything):</source>
        <translation>查询（tag:thesis、saved:名称；留空则为全部）：</translation>
    </message>
</context>
<context>
    <name>CitekeyActions</name>
    <message>
        <source>Regenerate the citation keys of %1</source>
        <translation>重新生成 %1 的引用键</translation>
    </message>
    <message>
        <source>Pin the citation keys of %1</source>
        <translation>固定 %1 的引用键</translation>
    </message>
    <message>
        <source>Unpin the citation keys of %1</source>
        <translation>取消固定 %1 的引用键</translation>
    </message>
    <message>
        <source>Regenerate Citation Keys…</source>
        <translation>重新生成引用键…</translation>
    </message>
    <message>
        <source>Citation Key Pattern…</source>
        <translation>引用键模式…</translation>
    </message>
    <message>
        <source>Pin Citation Keys</source>
        <translation>固定引用键</translation>
    </message>
    <message>
        <source>Unpin Citation Keys</source>
        <translation>取消固定引用键</translation>
    </message>
    <message>
        <source>The selected papers&apos; keys already follow the pattern</source>
        <translation>所选文献的引用键已符合模式</translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation>… 另有 %1 个</translation>
    </message>
    <message>
        <source>Regenerate Citation Keys</source>
        <translation>重新生成引用键</translation>
    </message>
    <message>
        <source>Citation Key Pattern</source>
        <translation>引用键模式</translation>
    </message>
    <message>
        <source>Key pattern for new papers (JabRef&apos;s notation: %1; empty: litman&apos;s own rule):</source>
        <translation>新文献的引用键模式（JabRef 的写法：%1；留空则使用 litman 自己的规则）：</translation>
    </message>
    <message>
        <source>litman’s own rule</source>
        <translation>litman 自己的规则</translation>
    </message>
    <message>
        <source>Key pattern: %1</source>
        <translation>引用键模式：%1</translation>
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
        <translation>阅读状态</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
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
        <translation>期刊/会议</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Added</source>
        <translation>添加时间</translation>
    </message>
    <message>
        <source>Citation key</source>
        <translation>引用键</translation>
    </message>
    <message>
        <source>Entry type</source>
        <translation>条目类型</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>评分</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>DOI</source>
        <translation>DOI</translation>
    </message>
    <message>
        <source>Date read</source>
        <translation>阅读日期</translation>
    </message>
    <message>
        <source>Modified</source>
        <translation>修改时间</translation>
    </message>
    <message>
        <source>Attachment</source>
        <translation>附件</translation>
    </message>
    <message>
        <source>title derived from the abstract</source>
        <translation>标题取自摘要</translation>
    </message>
    <message>
        <source>abstract cut off at the source</source>
        <translation>摘要在来源处被截断</translation>
    </message>
</context>
<context>
    <name>Commands</name>
    <message>
        <source> (unsaved)</source>
        <translation>（未保存）</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 of “%2” failed: %3</source>
        <translation>%1“%2”失败：%3</translation>
    </message>
    <message>
        <source>Mark %1 %2</source>
        <translation>将 %1 标记为%2</translation>
    </message>
    <message>
        <source>Rate %1 %2 ★</source>
        <translation>将 %1 评为 %2 ★</translation>
    </message>
    <message>
        <source>Merge %1</source>
        <translation>合并 %1</translation>
    </message>
    <message>
        <source>Tag %1 &apos;%2&apos;</source>
        <translation>为 %1 添加标签“%2”</translation>
    </message>
    <message>
        <source>Untag %1 &apos;%2&apos;</source>
        <translation>从 %1 移除标签“%2”</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>编辑 %1</translation>
    </message>
    <message>
        <source>This paper is no longer in the library (it was deleted), so the edit was not saved.</source>
        <translation>这篇文献已不在文献库中（已被删除），编辑未保存。</translation>
    </message>
    <message>
        <source>Move %1 to the trash</source>
        <translation>将 %1 移到回收站</translation>
    </message>
    <message>
        <source>Restore %1 from the trash</source>
        <translation>从回收站还原 %1</translation>
    </message>
    <message>
        <source>Rename tag &apos;%1&apos; to &apos;%2&apos;</source>
        <translation>将标签“%1”重命名为“%2”</translation>
    </message>
    <message>
        <source>Colour tag &apos;%1&apos;</source>
        <translation>设置标签“%1”的颜色</translation>
    </message>
    <message>
        <source>Delete tag &apos;%1&apos;</source>
        <translation>删除标签“%1”</translation>
    </message>
</context>
<context>
    <name>Count</name>
    <message numerus="yes">
        <source>%Ln paper(s)</source>
        <translation>
            <numerusform>%Ln 篇文献</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Detail</name>
    <message>
        <source>this paper</source>
        <translation>这篇文献</translation>
    </message>
    <message>
        <source>“%1” is not a year (digits only, like 2015): the year of “%2” stays %3.</source>
        <translation>“%1”不是年份（只能是数字，例如 2015）：“%2”的年份仍为 %3。</translation>
    </message>
    <message>
        <source>“%1” is not a year (digits only, like 2015): the year of “%2” stays empty.</source>
        <translation>“%1”不是年份（只能是数字，例如 2015）：“%2”的年份仍为空。</translation>
    </message>
    <message>
        <source>the server cannot be reached</source>
        <translation>无法连接服务器</translation>
    </message>
    <message>
        <source>Showing the first %1 of %2 characters of the abstract.</source>
        <translation>仅显示摘要共 %2 个字符中的前 %1 个。</translation>
    </message>
    <message>
        <source>Title derived from the abstract: edit it above.</source>
        <translation>标题取自摘要：请在上方编辑。</translation>
    </message>
    <message>
        <source>Abstract cut off at the source (…).</source>
        <translation>摘要在来源处被截断（…）。</translation>
    </message>
    <message>
        <source>Names @string macros no imported file defines (%1): import this file together with the one that defines them; as it is, its fields show the names, and an export writes them as read.</source>
        <translation>引用了已导入文件均未定义的 @string 宏（%1）：请将此文件与定义它们的文件一同导入；目前字段中显示的是宏名，导出时按读入的原样写出。</translation>
    </message>
    <message>
        <source>From %1.</source>
        <translation>来自 %1。</translation>
    </message>
</context>
<context>
    <name>DetailPane</name>
    <message>
        <source>Title</source>
        <translation>标题</translation>
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
        <translation>期刊/会议</translation>
    </message>
    <message>
        <source>DOI</source>
        <translation>DOI</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>网址</translation>
    </message>
    <message>
        <source>Mixed</source>
        <translation>不一致</translation>
    </message>
    <message>
        <source>Set for all</source>
        <translation>全部设为</translation>
    </message>
    <message>
        <source>Paper details</source>
        <translation>文献详情</translation>
    </message>
    <message>
        <source>Select a paper</source>
        <translation>请选择一篇文献</translation>
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
        <translation>BibTeX 字段</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>笔记</translation>
    </message>
    <message>
        <source>Reading status</source>
        <translation>阅读状态</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>评分</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Changed elsewhere while you typed: %1. Yours is kept; saving it shows theirs beside yours.</source>
        <translation>在您输入时，他处修改了：%1。您的输入已保留；保存时会将对方的值与您的并列显示。</translation>
    </message>
    <message>
        <source>Select a paper to see its details</source>
        <translation>选择一篇文献以查看详情</translation>
    </message>
    <message numerus="yes">
        <source>%Ln papers selected: tag or mark them together</source>
        <translation>
            <numerusform>已选择 %Ln 篇文献：可一起添加标签或标记</numerusform>
        </translation>
    </message>
    <message>
        <source>(untitled)</source>
        <translation>（无标题）</translation>
    </message>
    <message>
        <source>The %1 is too long to edit here (%2 chars).</source>
        <translation>%1 太长，无法在此编辑（%2 个字符）。</translation>
    </message>
    <message>
        <source>Venue (%1)</source>
        <translation>期刊/会议（%1）</translation>
    </message>
    <message numerus="yes">
        <source>Reading the status and tags of all %Ln selected papers…</source>
        <translation>
            <numerusform>正在读取所选 %Ln 篇文献的状态和标签…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Status and tags of the first %Ln selected papers (the rest could not be read: %1).</source>
        <translation>
            <numerusform>所选文献中前 %Ln 篇的状态和标签（其余无法读取：%1）。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Dialogs</name>
    <message>
        <source>Import papers</source>
        <translation>导入文献</translation>
    </message>
    <message>
        <source>Importing…</source>
        <translation>正在导入…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Import cancelled; nothing was imported.</source>
        <translation>导入已取消，未导入任何文献。</translation>
    </message>
    <message>
        <source>%1

Nothing was imported.</source>
        <translation>%1

未导入任何文献。</translation>
    </message>
    <message>
        <source>Import failed</source>
        <translation>导入失败</translation>
    </message>
    <message>
        <source>Unexpected error: %1</source>
        <translation>意外错误：%1</translation>
    </message>
    <message>
        <source>Import report</source>
        <translation>导入报告</translation>
    </message>
    <message>
        <source>%1 read: %2 added, %3 merged, %4 skipped.</source>
        <translation>读取 %1 条：添加 %2 条，合并 %3 条，跳过 %4 条。</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>There are no papers to export.</source>
        <translation>没有可导出的文献。</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>导出 %1</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Exported %1 to %2</source>
        <translation>已将 %1 导出到 %2</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>Merge &apos;%1&apos; into:</source>
        <translation>将“%1”合并到：</translation>
    </message>
    <message>
        <source>Merge tag</source>
        <translation>合并标签</translation>
    </message>
    <message>
        <source>New name for &apos;%1&apos;:</source>
        <translation>“%1”的新名称：</translation>
    </message>
    <message>
        <source>Rename tag</source>
        <translation>重命名标签</translation>
    </message>
    <message>
        <source>Delete the tag &apos;%1&apos; and take it off every paper?</source>
        <translation>删除标签“%1”，并从所有文献上移除它吗？</translation>
    </message>
    <message>
        <source>Delete tag</source>
        <translation>删除标签</translation>
    </message>
    <message>
        <source>Colour for &apos;%1&apos;</source>
        <translation>“%1”的颜色</translation>
    </message>
    <message>
        <source>Backup failed</source>
        <translation>备份失败</translation>
    </message>
    <message>
        <source>Backed up to %1</source>
        <translation>已备份到 %1</translation>
    </message>
    <message>
        <source>Restore from backup</source>
        <translation>从备份还原</translation>
    </message>
    <message>
        <source>There are no backups of this library yet in %1.

litman takes one each day the library is opened, before upgrades and before bulk deletes and merges; File → Back Up Now takes one at once.</source>
        <translation>%1 中还没有这个文献库的备份。

litman 会在每天首次打开文献库时、升级前以及批量删除和合并前各备份一次；“文件 → 立即备份”可随时备份。</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>Counting the papers in each backup</source>
        <translation>正在统计各备份中的文献数</translation>
    </message>
    <message>
        <source>Put this backup in place of the library:</source>
        <translation>用此备份替换文献库：</translation>
    </message>
    <message>
        <source>Replace the library with the backup from %1?

The library as it is now is kept as a backup first, so this can be undone by restoring that one.</source>
        <translation>用 %1 的备份替换文献库吗？

当前的文献库会先保存为一个备份，还原该备份即可撤销此操作。</translation>
    </message>
    <message>
        <source>litman&apos;s integrity check found damage in %1:
%2

</source>
        <translation>litman 的完整性检查发现 %1 已损坏：
%2

</translation>
    </message>
    <message>
        <source>Library damaged</source>
        <translation>文献库已损坏</translation>
    </message>
    <message>
        <source>There is no good backup. Export what you can with File → Export everything…</source>
        <translation>没有完好的备份。请用“文件 → 导出全部文献…”导出能导出的内容。</translation>
    </message>
    <message>
        <source>The newest good backup is from %1. Restore it now? The damaged file is kept aside.</source>
        <translation>最新的完好备份来自 %1。现在还原吗？损坏的文件会另行保留。</translation>
    </message>
    <message>
        <source>Restored the backup from %1.</source>
        <translation>已还原 %1 的备份。</translation>
    </message>
    <message>
        <source> The replaced file is kept as %1.</source>
        <translation>被替换的文件保存为 %1。</translation>
    </message>
    <message>
        <source>Restore failed</source>
        <translation>还原失败</translation>
    </message>
    <message>
        <source>Restoring the backup from %1</source>
        <translation>正在还原 %1 的备份</translation>
    </message>
</context>
<context>
    <name>Duplicates</name>
    <message>
        <source>Duplicates…</source>
        <translation>重复文献…</translation>
    </message>
</context>
<context>
    <name>DuplicatesDialog</name>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Duplicates</source>
        <translation>重复文献</translation>
    </message>
    <message>
        <source>Duplicate groups</source>
        <translation>重复文献组</translation>
    </message>
    <message>
        <source>Merge</source>
        <translation>合并</translation>
    </message>
    <message>
        <source>Not Duplicates</source>
        <translation>不是重复</translation>
    </message>
    <message>
        <source>No duplicates found.</source>
        <translation>未发现重复文献。</translation>
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
            <numerusform>有 %Ln 篇可能重复的文献待核查：请点击“显示详细信息”。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EmptyNotice</name>
    <message>
        <source>Your library is empty.

File → Import… (Ctrl+I), or drop %1 files on this window.</source>
        <translation>文献库是空的。

使用“文件 → 导入…”（Ctrl+I），或将 %1 文件拖到此窗口。</translation>
    </message>
    <message>
        <source>No papers in %1.</source>
        <translation>%1 中没有文献。</translation>
    </message>
    <message>
        <source>No papers match “%1” in %2.</source>
        <translation>%2 中没有与“%1”匹配的文献。</translation>
    </message>
    <message>
        <source>No papers match “%1”.</source>
        <translation>没有与“%1”匹配的文献。</translation>
    </message>
</context>
<context>
    <name>EntryEditor</name>
    <message>
        <source>BibTeX fields</source>
        <translation>BibTeX 字段</translation>
    </message>
    <message>
        <source>Citation key</source>
        <translation>引用键</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>引用键</translation>
    </message>
    <message>
        <source>Entry type</source>
        <translation>条目类型</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>New field name</source>
        <translation>新字段名</translation>
    </message>
    <message>
        <source>field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>New field value</source>
        <translation>新字段值</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Add field</source>
        <translation>添加字段</translation>
    </message>
    <message>
        <source>Clear the value to remove the field.</source>
        <translation>清空字段值即可删除该字段。</translation>
    </message>
    <message>
        <source>required</source>
        <translation>必填</translation>
    </message>
    <message>
        <source>Required</source>
        <translation>必填字段</translation>
    </message>
    <message>
        <source>Optional</source>
        <translation>可选字段</translation>
    </message>
    <message>
        <source>Other fields</source>
        <translation>其他字段</translation>
    </message>
</context>
<context>
    <name>ErrorDialog</name>
    <message>
        <source>litman: unexpected error</source>
        <translation>litman：意外错误</translation>
    </message>
    <message>
        <source>Copy Details</source>
        <translation>复制详细信息</translation>
    </message>
    <message>
        <source>Open Log Folder</source>
        <translation>打开日志文件夹</translation>
    </message>
    <message numerus="yes">
        <source>

(%n more error(s) since.)</source>
        <translation>
            <numerusform>

（此后又出现 %n 个错误。）</numerusform>
        </translation>
    </message>
    <message>
        <source>Something went wrong that litman did not expect:

%1%2

It is written in the log. Copy Details puts what a bug report needs on the clipboard.</source>
        <translation>litman 遇到了意外错误：

%1%2

错误已写入日志。“复制详细信息”会把错误报告所需的内容复制到剪贴板。</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
</context>
<context>
    <name>ErrorReport</name>
    <message>
        <source>litman: log folder</source>
        <translation>litman：日志文件夹</translation>
    </message>
    <message>
        <source>No program here opens folders. litman&apos;s log folder is:

%1</source>
        <translation>此系统上没有可打开文件夹的程序。litman 的日志文件夹是：

%1</translation>
    </message>
</context>
<context>
    <name>FileDialogs</name>
    <message>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>%1 file</source>
        <translation>%1 文件</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
</context>
<context>
    <name>FilesCounted</name>
    <message numerus="yes">
        <source>Attach %Ln file(s)</source>
        <translation>
            <numerusform>添加 %Ln 个附件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remove %Ln attachment(s)</source>
        <translation>
            <numerusform>移除 %Ln 个附件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Relink %Ln missing file(s)</source>
        <translation>
            <numerusform>重新链接 %Ln 个缺失的文件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Found %Ln missing file(s) under %1</source>
        <translation>
            <numerusform>在 %1 下找到 %Ln 个缺失的文件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Read the text of %Ln PDF(s)</source>
        <translation>
            <numerusform>已读取 %Ln 个 PDF 的文本</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Formats</name>
    <message>
        <source>Abstracts</source>
        <translation>摘要文本</translation>
    </message>
    <message>
        <source>abstracts</source>
        <translation>摘要文本</translation>
    </message>
    <message>
        <source>Zotero database</source>
        <translation>Zotero 数据库</translation>
    </message>
    <message>
        <source>EndNote tagged (CNKI, Wanfang)</source>
        <translation>EndNote 题录（知网、万方）</translation>
    </message>
    <message>
        <source>NoteExpress (CNKI, Wanfang)</source>
        <translation>NoteExpress 题录（知网、万方）</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1和%2</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>Keys</name>
    <message>
        <source>Copy Citation Key</source>
        <translation>复制引用键</translation>
    </message>
    <message>
        <source>Copy \cite{Key}</source>
        <translation>复制 \cite{引用键}</translation>
    </message>
    <message>
        <source>Copied the \cite command of %1</source>
        <translation>已复制 %1 的 \cite 命令</translation>
    </message>
    <message>
        <source>Copied the citation key of %1</source>
        <translation>已复制 %1 的引用键</translation>
    </message>
    <message>
        <source>Copied the citation keys of %1</source>
        <translation>已复制 %1 的引用键</translation>
    </message>
</context>
<context>
    <name>KeysCounted</name>
    <message numerus="yes">
        <source>The selected papers&apos; keys follow the pattern or are pinned (%Ln pinned)</source>
        <translation>
            <numerusform>所选文献的引用键已符合模式或已固定（%Ln 个已固定）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln pinned key(s) kept (Paper → Unpin Citation Keys frees them)</source>
        <translation>
            <numerusform>保留 %Ln 个已固定的引用键（可用“文献 → 取消固定引用键”解除）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Change %Ln citation key(s)?</source>
        <translation>
            <numerusform>修改 %Ln 个引用键吗？</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Regenerated %Ln citation key(s) (Ctrl+Z undoes)</source>
        <translation>
            <numerusform>已重新生成 %Ln 个引用键（Ctrl+Z 可撤销）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Takes effect at the next start</source>
        <translation>下次启动时生效</translation>
    </message>
    <message>
        <source>System (%1)</source>
        <translation>跟随系统（%1）</translation>
    </message>
    <message>
        <source>The window stays in this language.</source>
        <translation>窗口语言保持不变。</translation>
    </message>
    <message>
        <source>litman will show the chosen language from its next start.</source>
        <translation>litman 将在下次启动时使用所选语言。</translation>
    </message>
</context>
<context>
    <name>Launch</name>
    <message>
        <source>Open Read-Only</source>
        <translation>以只读方式打开</translation>
    </message>
    <message>
        <source>Restore Backup</source>
        <translation>还原备份</translation>
    </message>
    <message>
        <source>Move It Aside and Start Empty</source>
        <translation>移走该文件，从空文献库开始</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>litman cannot open the library</source>
        <translation>litman 无法打开文献库</translation>
    </message>
    <message>
        <source>another litman window</source>
        <translation>另一个 litman 窗口</translation>
    </message>
    <message>
        <source>%1 is open in %2.

Only one window at a time may change a library. You can open it read-only here: you will see its papers, and changes made in the other window after you press F5 or reopen.</source>
        <translation>%1 已在%2中打开。

同一时间只有一个窗口可以修改文献库。您可以在这里以只读方式打开：可以看到其中的文献，另一个窗口所做的修改在按 F5 或重新打开后显示。</translation>
    </message>
    <message>
        <source>Library already open</source>
        <translation>文献库已被打开</translation>
    </message>
    <message>
        <source>Library damaged</source>
        <translation>文献库已损坏</translation>
    </message>
</context>
<context>
    <name>Lookup</name>
    <message>
        <source>Contact E-mail for Lookups</source>
        <translation>查找时使用的联系邮箱</translation>
    </message>
    <message>
        <source>Sent to Crossref and OpenAlex with each lookup, as their polite pools ask
(leave empty to send none):</source>
        <translation>按照 Crossref 和 OpenAlex“礼貌池”的要求，每次查找时都会发送给它们
（留空则不发送）：</translation>
    </message>
    <message>
        <source>Select the papers to find metadata for.</source>
        <translation>请选择要查找元数据的文献。</translation>
    </message>
    <message>
        <source>Select papers that have a DOI or an arXiv id.</source>
        <translation>请选择带有 DOI 或 arXiv 编号的文献。</translation>
    </message>
    <message>
        <source>Add by Identifier…</source>
        <translation>按标识符添加…</translation>
    </message>
    <message>
        <source>Find Metadata…</source>
        <translation>查找元数据…</translation>
    </message>
    <message>
        <source>Refresh from DOI/arXiv…</source>
        <translation>从 DOI/arXiv 更新…</translation>
    </message>
    <message>
        <source>Contact E-mail for Lookups…</source>
        <translation>查找时使用的联系邮箱…</translation>
    </message>
    <message>
        <source>Fill metadata of %1</source>
        <translation>补全 %1 的元数据</translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <source>&amp;Paper</source>
        <translation>文献(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Status</source>
        <translation>状态(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
</context>
<context>
    <name>MergeDialog</name>
    <message>
        <source>Theirs</source>
        <translation>对方的</translation>
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
        <translation>合并后：</translation>
    </message>
    <message>
        <source>Someone else changed this paper</source>
        <translation>其他人修改了这篇文献</translation>
    </message>
    <message>
        <source>&apos;%1&apos; was changed by someone else after you opened it. Your edit was not saved. For each field, keep their value, yours, or a merged one.</source>
        <translation>您打开“%1”之后，其他人修改了它。您的编辑未保存。请为每个字段选择保留对方的值、您的值或合并后的值。</translation>
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
        <translation>主机：</translation>
    </message>
    <message>
        <source>Database:</source>
        <translation>数据库：</translation>
    </message>
    <message>
        <source>User:</source>
        <translation>用户：</translation>
    </message>
    <message>
        <source>Open Shared Library</source>
        <translation>打开共享文献库</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <source>Remember in .pgpass (readable by you only)</source>
        <translation>记住在 .pgpass 中（仅您本人可读）</translation>
    </message>
    <message>
        <source>Library:</source>
        <translation>文献库：</translation>
    </message>
    <message>
        <source>e.g. %1</source>
        <translation>例如 %1</translation>
    </message>
    <message>
        <source>or, with the box above left empty:</source>
        <translation>或者，将上面的输入框留空，填写：</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>密码：</translation>
    </message>
    <message>
        <source>labdb, or a socket folder</source>
        <translation>labdb，或套接字所在文件夹</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>Could not write the password file: %1.</source>
        <translation>无法写入密码文件：%1。</translation>
    </message>
    <message>
        <source>%1 asks for a password.</source>
        <translation>%1 需要密码。</translation>
    </message>
    <message>
        <source>%1 asks for a password (that one was refused).</source>
        <translation>%1 需要密码（刚才的密码被拒绝）。</translation>
    </message>
</context>
<context>
    <name>Outside</name>
    <message>
        <source>Updated with changes made outside this window.</source>
        <translation>已更新在此窗口之外所做的修改。</translation>
    </message>
    <message>
        <source>Server unreachable, retrying: %1</source>
        <translation>无法连接服务器，正在重试：%1</translation>
    </message>
    <message>
        <source>the server cannot be reached; edits wait until it is back.</source>
        <translation>无法连接服务器；编辑将在服务器恢复后保存。</translation>
    </message>
    <message>
        <source>The server is back.</source>
        <translation>服务器已恢复。</translation>
    </message>
    <message>
        <source>The server is back; saving %1 unsaved edits.</source>
        <translation>服务器已恢复；正在保存 %1 项未保存的编辑。</translation>
    </message>
</context>
<context>
    <name>PaperFiles</name>
    <message>
        <source>Open Attachment</source>
        <translation>打开附件</translation>
    </message>
    <message>
        <source>View Online</source>
        <translation>在线查看</translation>
    </message>
    <message>
        <source>Add Attachment…</source>
        <translation>添加附件…</translation>
    </message>
    <message>
        <source>Find Missing Files…</source>
        <translation>查找缺失的文件…</translation>
    </message>
    <message>
        <source>Extract Text from PDFs</source>
        <translation>提取 PDF 文本</translation>
    </message>
    <message>
        <source>This paper has no attachment: Paper → Add Attachment… adds one.</source>
        <translation>这篇文献没有附件：可用“文献 → 添加附件…”添加。</translation>
    </message>
    <message>
        <source>The file is missing: %1 (Paper → Find Missing Files…)</source>
        <translation>文件缺失：%1（文献 → 查找缺失的文件…）</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>This paper has neither a DOI nor a URL.</source>
        <translation>这篇文献既没有 DOI 也没有网址。</translation>
    </message>
    <message>
        <source>Add Attachment</source>
        <translation>添加附件</translation>
    </message>
    <message>
        <source>Find Missing Files Under</source>
        <translation>在此文件夹下查找缺失的文件</translation>
    </message>
    <message>
        <source>Looking for missing files under %1…</source>
        <translation>正在 %1 下查找缺失的文件…</translation>
    </message>
    <message>
        <source>Reading the text of PDFs</source>
        <translation>正在读取 PDF 文本</translation>
    </message>
    <message>
        <source>Every PDF&apos;s text is kept already.</source>
        <translation>所有 PDF 的文本均已保存。</translation>
    </message>
    <message>
        <source>; %1 could not be read: %2</source>
        <translation>；%1 个无法读取：%2</translation>
    </message>
</context>
<context>
    <name>PaperTable</name>
    <message>
        <source>Papers</source>
        <translation>文献列表</translation>
    </message>
    <message>
        <source>Has its file</source>
        <translation>有文件</translation>
    </message>
    <message>
        <source>A file is missing (Paper → Find Missing Files… relinks it)</source>
        <translation>文件缺失（文献 → 查找缺失的文件… 可重新链接）</translation>
    </message>
    <message>
        <source>Has a link</source>
        <translation>有链接</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
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
        <translation>复制参考文献</translation>
    </message>
    <message>
        <source>Copy Citation</source>
        <translation>复制引文</translation>
    </message>
    <message>
        <source>Reference Style</source>
        <translation>引文样式</translation>
    </message>
    <message>
        <source>Other Style File…</source>
        <translation>其他样式文件…</translation>
    </message>
    <message>
        <source>Choose a CSL Style</source>
        <translation>选择 CSL 样式</translation>
    </message>
    <message>
        <source>CSL styles (*.csl)</source>
        <translation>CSL 样式 (*.csl)</translation>
    </message>
    <message>
        <source>%1 (Other Style File…)</source>
        <translation>%1（其他样式文件…）</translation>
    </message>
    <message>
        <source>Select at most %1 papers to copy as references</source>
        <translation>复制参考文献时最多选择 %1 篇文献</translation>
    </message>
    <message>
        <source>Formatting the references of %1…</source>
        <translation>正在生成 %1 的参考文献…</translation>
    </message>
    <message>
        <source>Cannot copy references: %1</source>
        <translation>无法复制参考文献：%1</translation>
    </message>
    <message>
        <source>Copied the citation of %1 (%2)</source>
        <translation>已复制 %1 的引文（%2）</translation>
    </message>
    <message>
        <source>Copied the reference of %1 (%2)</source>
        <translation>已复制 %1 的参考文献（%2）</translation>
    </message>
</context>
<context>
    <name>RelatedList</name>
    <message>
        <source>Related papers show once the search index is ready.</source>
        <translation>搜索索引就绪后将显示相关文献。</translation>
    </message>
    <message>
        <source>No paper shares rare words with this one.</source>
        <translation>没有与这篇文献共享少见词语的文献。</translation>
    </message>
    <message>
        <source>Related papers</source>
        <translation>相关文献</translation>
    </message>
    <message>
        <source>Related</source>
        <translation>相关文献</translation>
    </message>
</context>
<context>
    <name>ReviewDialog</name>
    <message>
        <source>Score</source>
        <translation>匹配度</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Year</source>
        <translation>年份</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
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
        <translation>字段</translation>
    </message>
    <message>
        <source>Stored</source>
        <translation>已存储</translation>
    </message>
    <message>
        <source>Found</source>
        <translation>查找到</translation>
    </message>
    <message>
        <source>Find Metadata</source>
        <translation>查找元数据</translation>
    </message>
    <message>
        <source>Looking up…</source>
        <translation>正在查找…</translation>
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
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Accept all scoring at least</source>
        <translation>接受匹配度不低于此值的全部候选</translation>
    </message>
    <message>
        <source>&lt;b&gt;Stored&lt;/b&gt;</source>
        <translation>&lt;b&gt;已存储&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Candidates&lt;/b&gt; (score: how closely the abstracts match)</source>
        <translation>&lt;b&gt;候选记录&lt;/b&gt;（匹配度：摘要的相似程度）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Accepting the selected candidate would change&lt;/b&gt;</source>
        <translation>&lt;b&gt;接受所选候选记录将修改&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Lookup stopped.</source>
        <translation>查找已停止。</translation>
    </message>
    <message>
        <source>Looking up paper %1 of %2…</source>
        <translation>正在查找第 %1 篇，共 %2 篇…</translation>
    </message>
    <message>
        <source>Looked up %1.</source>
        <translation>已查找 %1。</translation>
    </message>
    <message>
        <source>Stopped after %1 of %2.</source>
        <translation>已在 %2 篇中的第 %1 篇后停止。</translation>
    </message>
    <message>
        <source>Lookup failed: %1</source>
        <translation>查找失败：%1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1  (derived title)</source>
        <translation>%1  （标题取自摘要）</translation>
    </message>
    <message>
        <source>(no authors)</source>
        <translation>（无作者）</translation>
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
        <translation>请先输入搜索：“保存搜索”会保存所输入的查询。</translation>
    </message>
    <message>
        <source>Save Search</source>
        <translation>保存搜索</translation>
    </message>
    <message>
        <source>Name for “%1”:</source>
        <translation>“%1”的名称：</translation>
    </message>
    <message>
        <source>Name for “%1” in %2:</source>
        <translation>“%1”（在%2中）的名称：</translation>
    </message>
    <message>
        <source>Rename Saved Search</source>
        <translation>重命名已保存的搜索</translation>
    </message>
    <message>
        <source>New name:</source>
        <translation>新名称：</translation>
    </message>
    <message>
        <source>Save Search…</source>
        <translation>保存搜索…</translation>
    </message>
</context>
<context>
    <name>Search</name>
    <message>
        <source>Search: words, &quot;phrase&quot;, title:, author:, tag:, year:2020..2024, status:unread, -negation   (Ctrl+F)</source>
        <translation>搜索：词语、&quot;短语&quot;、title:、author:、tag:、year:2020..2024、status:unread、-排除   (Ctrl+F)</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Searching waits until the server is back.</source>
        <translation>搜索将在服务器恢复后进行。</translation>
    </message>
    <message>
        <source>%1 shown while the search index is built: %2</source>
        <translation>正在建立搜索索引，暂显示 %1 条：%2</translation>
    </message>
    <message>
        <source>The trash is empty.</source>
        <translation>回收站是空的。</translation>
    </message>
</context>
<context>
    <name>SharedLaunch</name>
    <message>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <source>%1

Password for %2 (kept for this session only):</source>
        <translation>%1

%2 的密码（仅在本次会话中保留）：</translation>
    </message>
    <message>
        <source>litman cannot open the library</source>
        <translation>litman 无法打开文献库</translation>
    </message>
    <message>
        <source>The server asks for a password.</source>
        <translation>服务器需要密码。</translation>
    </message>
    <message>
        <source>%1 asked for a password %2 times; nothing was opened.</source>
        <translation>%1 已要求输入密码 %2 次；未打开任何文献库。</translation>
    </message>
</context>
<context>
    <name>Sidebar</name>
    <message>
        <source>Your own reading status: each user of a shared library keeps their own</source>
        <translation>您自己的阅读状态：共享文献库的每位用户各自保存自己的阅读状态</translation>
    </message>
    <message>
        <source>Library and tags</source>
        <translation>文献库和标签</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>文献库</translation>
    </message>
    <message>
        <source>All papers</source>
        <translation>全部文献</translation>
    </message>
    <message>
        <source>%1 (mine)</source>
        <translation>%1（我的）</translation>
    </message>
    <message>
        <source>Trash</source>
        <translation>回收站</translation>
    </message>
    <message>
        <source>Deleted papers, until restored or deleted permanently</source>
        <translation>已删除的文献，直到被还原或永久删除</translation>
    </message>
    <message>
        <source>Duplicates…</source>
        <translation>重复文献…</translation>
    </message>
    <message>
        <source>Papers that are probably one work: merge them, or say they are not</source>
        <translation>可能是同一作品的文献：合并它们，或标记为不是重复</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Saved searches</source>
        <translation>已保存的搜索</translation>
    </message>
    <message>
        <source>%1 (in %2)</source>
        <translation>%1（在%2中）</translation>
    </message>
    <message>
        <source>the tag “%1”</source>
        <translation>标签“%1”</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <source>Remove Saved Search</source>
        <translation>删除已保存的搜索</translation>
    </message>
    <message>
        <source>Merge into…</source>
        <translation>合并到…</translation>
    </message>
    <message>
        <source>Colour…</source>
        <translation>颜色…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
</context>
<context>
    <name>Status</name>
    <message>
        <source>unread</source>
        <translation>未读</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>在读</translation>
    </message>
    <message>
        <source>read</source>
        <translation>已读</translation>
    </message>
    <message>
        <source>Unread</source>
        <translation>未读</translation>
    </message>
    <message>
        <source>Reading</source>
        <translation>在读</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>已读</translation>
    </message>
</context>
<context>
    <name>StatusLine</name>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>%1 · %2 shown · %3 selected</source>
        <translation>%1 · 显示 %2 篇 · 已选 %3 篇</translation>
    </message>
    <message>
        <source>%1 · %2 shown · %3 selected · search index being built: exact matches only</source>
        <translation>%1 · 显示 %2 篇 · 已选 %3 篇 · 正在建立搜索索引：仅精确匹配</translation>
    </message>
</context>
<context>
    <name>TableHeader</name>
    <message>
        <source>%1 (empty in this library)</source>
        <translation>%1（此文献库中为空）</translation>
    </message>
    <message>
        <source>Stored Field</source>
        <translation>已存储字段</translation>
    </message>
    <message>
        <source>Move Column Left</source>
        <translation>左移此列</translation>
    </message>
    <message>
        <source>Move Column Right</source>
        <translation>右移此列</translation>
    </message>
    <message>
        <source>Sort by Relevance</source>
        <translation>按相关性排序</translation>
    </message>
</context>
<context>
    <name>TagBox</name>
    <message>
        <source>Tags</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Add tag</source>
        <translation>添加标签</translation>
    </message>
    <message>
        <source>Add a tag (A &gt; B for a subtag), Enter</source>
        <translation>添加标签（A &gt; B 表示子标签），按回车</translation>
    </message>
    <message>
        <source>Remove tag %1</source>
        <translation>移除标签 %1</translation>
    </message>
    <message>
        <source>%1
(click to remove it from the selected papers)</source>
        <translation>%1
（点击即从所选文献中移除）</translation>
    </message>
</context>
<context>
    <name>Trash</name>
    <message>
        <source>Moved %1 to the trash: Edit → Undo (Ctrl+Z), or Restore in the Trash, brings them back.</source>
        <translation>已将 %1 移到回收站：使用“编辑 → 撤销”（Ctrl+Z），或在回收站中还原，即可恢复。</translation>
    </message>
    <message>
        <source>Select papers in the Trash (sidebar) to restore them.</source>
        <translation>请在回收站（侧栏）中选择要还原的文献。</translation>
    </message>
    <message>
        <source>Restored %1.</source>
        <translation>已还原 %1。</translation>
    </message>
    <message>
        <source>Select papers in the Trash (sidebar) to delete them.</source>
        <translation>请在回收站（侧栏）中选择要删除的文献。</translation>
    </message>
    <message>
        <source>Delete %1 permanently?</source>
        <translation>永久删除 %1 吗？</translation>
    </message>
    <message>
        <source>Delete permanently</source>
        <translation>永久删除</translation>
    </message>
    <message>
        <source>Delete %1 permanently</source>
        <translation>永久删除 %1</translation>
    </message>
    <message>
        <source>The trash is empty.</source>
        <translation>回收站是空的。</translation>
    </message>
    <message>
        <source>Delete the %1 in the trash permanently?</source>
        <translation>永久删除回收站中的 %1 吗？</translation>
    </message>
    <message>
        <source>Empty Trash</source>
        <translation>清空回收站</translation>
    </message>
    <message>
        <source>Empty the trash (%1)</source>
        <translation>清空回收站（%1）</translation>
    </message>
    <message>
        <source>litman keeps no copies of a shared library (the server&apos;s pg_dump does).</source>
        <translation>litman 不保留共享文献库的副本（由服务器的 pg_dump 备份）。</translation>
    </message>
    <message>
        <source>the library is backed up first.</source>
        <translation>文献库会先备份。</translation>
    </message>
    <message>
        <source>%1 This cannot be undone; %2</source>
        <translation>%1此操作无法撤销；%2</translation>
    </message>
    <message>
        <source>Deleted %1 permanently.</source>
        <translation>已永久删除 %1。</translation>
    </message>
    <message>
        <source>Deleted %1 permanently, backed up first to %2 (File → Restore from Backup…).</source>
        <translation>已永久删除 %1，删除前已备份到 %2（文件 → 从备份还原…）。</translation>
    </message>
</context>
<context>
    <name>WaitBox</name>
    <message>
        <source>Waiting for the server</source>
        <translation>正在等待服务器</translation>
    </message>
    <message>
        <source>litman tries again every second and opens it when it answers.</source>
        <translation>litman 每秒重试一次，服务器响应后即打开文献库。</translation>
    </message>
</context>
<context>
    <name>Window</name>
    <message>
        <source>another litman window</source>
        <translation>另一个 litman 窗口</translation>
    </message>
    <message>
        <source>Read-only: this library is open in %1.</source>
        <translation>只读：此文献库已在%1中打开。</translation>
    </message>
    <message>
        <source>litman — %1</source>
        <translation>litman — %1</translation>
    </message>
    <message>
        <source>litman — %1 (server unreachable)</source>
        <translation>litman — %1（无法连接服务器）</translation>
    </message>
    <message>
        <source>litman — %1 (read-only)</source>
        <translation>litman — %1（只读）</translation>
    </message>
    <message>
        <source>%1: no damage found.</source>
        <translation>%1：未发现损坏。</translation>
    </message>
    <message>
        <source>Copied %1 as %2</source>
        <translation>已将 %1 复制为 %2</translation>
    </message>
</context>
<context>
    <name>WriteDesk</name>
    <message>
        <source>Saving the search index</source>
        <translation>正在保存搜索索引</translation>
    </message>
    <message>
        <source>“%1” was not made: %2</source>
        <translation>未执行“%1”：%2</translation>
    </message>
    <message>
        <source>The server cannot be reached.</source>
        <translation>无法连接服务器。</translation>
    </message>
    <message>
        <source>Unsaved edits</source>
        <translation>未保存的编辑</translation>
    </message>
    <message>
        <source>%1 edits could not be saved: the server cannot be reached.

%2

Close anyway, and lose them? (Kept open, they are saved when the server is back.)</source>
        <translation>有 %1 项编辑无法保存：无法连接服务器。

%2

仍要关闭并丢弃这些编辑吗？（保持窗口打开，服务器恢复后会自动保存。）</translation>
    </message>
    <message>
        <source>%1 The edit stays in Edit → Undo, marked unsaved, and is saved when the server is back.</source>
        <translation>%1 该编辑保留在“编辑 → 撤销”中并标记为未保存，服务器恢复后会自动保存。</translation>
    </message>
    <message>
        <source>Kept the stored values of %1.</source>
        <translation>已保留 %1 的已存储值。</translation>
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
        <translation>取消写入</translation>
    </message>
    <message>
        <source>%1… %2 of %3</source>
        <translation>%1… %2 / %3</translation>
    </message>
    <message>
        <source>%1: cancelled. What was done before the stop can be undone (Ctrl+Z).</source>
        <translation>%1：已取消。停止前已完成的部分可以撤销（Ctrl+Z）。</translation>
    </message>
    <message>
        <source>%1: failed, %2</source>
        <translation>%1：失败，%2</translation>
    </message>
    <message>
        <source>%1: cancelled</source>
        <translation>%1：已取消</translation>
    </message>
</context>
</TS>
