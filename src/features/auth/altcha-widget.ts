/*
 * Defines <altcha-widget>. The build without its stylesheet inside the script: the
 * sign-in page loads the CSS as a file instead of some 5 KB (gzip) more JavaScript.
 */
import 'altcha/external';
import 'altcha/altcha.css';
