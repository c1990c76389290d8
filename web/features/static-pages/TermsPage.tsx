/** /terms: the terms of use, short and plain. */
import { StaticPage } from './StaticPage';

export default function TermsPage() {
  return (
    <StaticPage title="Terms of Use" lead="The short version: this is your plan, in your words; use it kindly.">
      <section>
        <h2>Your account</h2>
        <p>
          Keep your password to yourself and tell us if you think someone else has used your account. You are responsible
          for what is written in it.
        </p>
      </section>
      <section>
        <h2>Not legal or medical advice</h2>
        <p>
          Afterword helps you gather your wishes and papers. It is not a will and does not replace a lawyer, a doctor, a
          funeral director or a financial adviser. A plan written here is a guide for the people you leave, not a legally
          binding instruction.
        </p>
      </section>
      <section>
        <h2>Your content</h2>
        <p>
          What you write stays yours. You allow us to store it and to deliver it to the people you name, as you direct.
          Do not use Afterword to store material you have no right to share.
        </p>
      </section>
      <section>
        <h2>Availability</h2>
        <p>
          We work to keep the service running and your data safe, but we cannot promise it will never be interrupted.
          Keep originals of important documents in a safe place.
        </p>
      </section>
      <section>
        <h2>Changes</h2>
        <p>If these terms change, we will tell you in the app before the change takes effect.</p>
      </section>
    </StaticPage>
  );
}
