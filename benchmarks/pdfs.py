"""Small PDFs written object by object, for the PDF benchmark and the PDF tests: pages of
text in Helvetica (`text_pdf`), or any objects with their cross-reference table
(`pdf_file`). No PDF library is needed to make them, so what reads them is all that is
measured or tested.
"""

from collections.abc import Sequence


def text_pdf(
    pages: Sequence[Sequence[str]], size: int = 10, box: tuple[int, int] = (612, 792)
) -> bytes:
    """A PDF whose pages (`box` points wide and high) show these lines of text, one under
    the other from the top left, in `size`-point Helvetica."""
    n = len(pages)
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    kids = " ".join(f"{3 + 2 * i} 0 R" for i in range(n))
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {n} >>".encode())
    font = 3 + 2 * n
    width, height = box
    for i, lines in enumerate(pages):
        ops = "".join(f"({_escaped(t)}) Tj 0 -{size + 4} Td " for t in lines)
        content = f"BT /F1 {size} Tf 40 {height - 32} Td {ops}ET".encode("latin-1", "replace")
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {width} {height}] "
            f"/Contents {4 + 2 * i} 0 R /Resources << /Font << /F1 {font} 0 R >> >> >>".encode()
        )
        objects.append(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content))
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    return pdf_file(objects)


def pdf_file(objects: Sequence[bytes]) -> bytes:
    """These objects, numbered from 1 (the first is the catalog), as a PDF file with its
    cross-reference table and trailer."""
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return bytes(out)


def _escaped(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
