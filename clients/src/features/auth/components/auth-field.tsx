import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'placeholder' | 'required'>;

interface AuthFieldProps extends InputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A button drawn inside the field's right edge (the password toggle). */
  toggle?: ReactNode;
  /** Not required: no asterisk (the activation code). */
  optional?: boolean;
  /** The field's rule under it, as MUI's helper text; drawn as an error while `invalid`. */
  helper?: string;
  invalid?: boolean;
}

/** A required outlined field with a floating label, as MUI's TextField draws it. */
export function AuthField({ label, value, onChange, toggle, optional = false, helper, invalid = false, ...input }: AuthFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <div className={['auth-field', toggle && 'with-toggle', invalid && 'invalid'].filter(Boolean).join(' ')}>
      {/* The blank placeholder lets the CSS float the label once the field has a value. */}
      <input
        {...input}
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder=" "
        required={!optional}
        aria-invalid={invalid || undefined}
        aria-describedby={helper ? helperId : undefined}
      />
      <label htmlFor={id}>
        {label}
        {!optional && <span aria-hidden="true">{'\u2009*'}</span>}
      </label>
      {toggle}
      {helper && (
        <p id={helperId} className="auth-helper">
          {helper}
        </p>
      )}
    </div>
  );
}
