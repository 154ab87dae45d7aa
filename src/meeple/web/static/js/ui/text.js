// The shell's strings, registered once for the components and the table.
import { addText, t } from "../i18n.js";
import { TABLE_TEXT } from "../text/table.js";

addText(TABLE_TEXT);
export { t };
